#!/bin/bash
# One round of the save-path figures for one project tree (bench/README.md, "The save near the
# floor"): the framework floor, then bench/load_bench.py's closed-loop runs (0 and 10 tables at
# the page, their phones with the page's script, then without it) and open-loop runs at 30, 45
# and 60 hands/s. Run it for the tree before a change and
# for this one, one after the other, twice. Needs the production environment of
# docs/deployment.md (`. ./canasta.env`: settings, secret, DATABASE_URL, CELERY_BROKER_URL) and
# DJANGO_ALLOWED_HOSTS with 127.0.0.1. Traffic goes to 127.0.0.1 only.
#
#     bench/save_pair.sh /tmp/before before; bench/save_pair.sh "$PWD" after
set -u
TREE=$1 LABEL=$2
PY=${PY:-$(cd "$(dirname "$0")/.." && pwd)/.venv/bin/python}
FLOOR_PORT=${FLOOR_PORT:-8192} SITE_PORT=${SITE_PORT:-8190}
cd "$TREE"
"$PY" manage.py collectstatic --noinput -v0
read -r TOKEN GAME < <("$PY" - <<'PY'
import django; django.setup()
from django.contrib.auth import get_user_model
from knox.models import AuthToken
from tournaments.models import Game
user = get_user_model().objects.get_or_create(username="floor-bench")[0]
print(AuthToken.objects.create(user=user)[1], Game.objects.order_by("-pk").values_list("pk", flat=True).first())
PY
)
echo "== $LABEL $TREE $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)"
DJANGO_SETTINGS_MODULE=bench.floor_settings GUNICORN_BIND=127.0.0.1:$FLOOR_PORT GUNICORN_WORKERS=3 \
    "$PY" -m gunicorn -c config/gunicorn.py config.wsgi & FLOOR=$!
sleep 5
"$PY" -m bench.floor_bench --port "$FLOOR_PORT" --token "$TOKEN" --game "$GAME" --requests 30
kill $FLOOR; wait $FLOOR
GUNICORN_BIND=127.0.0.1:$SITE_PORT GUNICORN_WORKERS=3 "$PY" -m gunicorn -c config/gunicorn.py config.wsgi & SITE=$!
"$PY" -m celery -A config worker -Q short,long --concurrency=1 -n "bench-$LABEL@%h" --loglevel=warning & WORKER=$!
sleep 6
for args in "--form-tables 0" "--form-tables 10" "--form-tables 10 --page-mode plain" "--rate 30" "--rate 45" "--rate 60"; do
    echo "-- $args load: $(cut -d' ' -f1-3 /proc/loadavg)"
    DJANGO_SETTINGS_MODULE=config.settings.base "$PY" -m bench.load_bench --url "http://127.0.0.1:$SITE_PORT" \
        --tables 50 --hands 20 $args
done
kill $SITE $WORKER; wait $SITE $WORKER
echo "== end $(date -u +%H:%M:%S)"
