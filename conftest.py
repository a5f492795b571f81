"""Loaded by pytest before the tests' own conftest imports cutsheet.

The suite starts hundreds of cutsheet processes. Where the environment says not to write
bytecode (PYTHONDONTWRITEBYTECODE), each of them would compile every module it imports from
source, about a fifth of a small build's time: so the test processes write the package's
bytecode (and pytest its rewritten tests') as they import it, and the others read it."""

import sys

sys.dont_write_bytecode = False
