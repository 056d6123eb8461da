// Draws a player's rating history (json_script "rating-history") with the vendored Chart.js.
(function () {
  "use strict";
  function draw() {
    var canvas = document.getElementById("rating-chart");
    var data = document.getElementById("rating-history");
    if (!canvas || !data || !window.Chart) return;
    var points = JSON.parse(data.textContent);
    new window.Chart(canvas, {
      type: "line",
      data: {
        labels: points.map(function (p) { return p.game; }),
        datasets: [{
          label: canvas.dataset.labelRating,
          data: points.map(function (p) { return p.rating; }),
          borderColor: "#0b6e4f",
          backgroundColor: "#0b6e4f",
          pointRadius: points.length > 60 ? 0 : 3,
          tension: 0.2
        }]
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: {
          x: { title: { display: true, text: canvas.dataset.labelGame }, ticks: { maxTicksLimit: 6 } },
          y: { title: { display: true, text: canvas.dataset.labelRating }, ticks: { maxTicksLimit: 6 } }
        }
      }
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", draw);
  else draw();
})();
