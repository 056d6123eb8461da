// Draws each of a player's rating histories (a canvas.rating-chart whose data-history names its
// json_script) with the vendored Chart.js: one chart per ranking group.
(function () {
  "use strict";
  function drawOne(canvas) {
    var data = document.getElementById(canvas.dataset.history);
    if (!data) return;
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
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              // The game's number and date, and the rating to the page's one decimal.
              title: function (items) {
                var point = points[items[0].dataIndex];
                return canvas.dataset.labelGame + " " + point.game + " · " + point.date;
              },
              label: function (item) { return item.parsed.y.toFixed(1); }
            }
          }
        },
        scales: {
          x: { title: { display: true, text: canvas.dataset.labelGame }, ticks: { maxTicksLimit: 6 } },
          y: { title: { display: true, text: canvas.dataset.labelRating }, ticks: { maxTicksLimit: 6 } }
        }
      }
    });
  }
  function draw() {
    if (!window.Chart) return;
    document.querySelectorAll("canvas.rating-chart").forEach(drawOne);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", draw);
  else draw();
})();
