"""``python -m pyreticulate`` is the ``pyreticulate`` command."""
import sys

from .cli import main

sys.exit(main())
