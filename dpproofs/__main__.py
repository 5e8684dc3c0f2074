import sys

from dpproofs.cli import main

sys.exit(main())
