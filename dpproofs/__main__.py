import sys

from dpproofs.cli.main import main

sys.exit(main())
