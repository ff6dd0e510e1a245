import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scoresheet.settings")

from scoresheet.protect.memo import RefusalMemo

# A flood of requests already refused is refused again at the door, without Django
# (scoresheet/protect/memo.py).
application = RefusalMemo(get_wsgi_application())
