"""Make the shared strategies module importable from the search tests."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
