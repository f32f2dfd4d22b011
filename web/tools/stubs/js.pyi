# What mypy knows of Pyodide's `js` module: the browser's JavaScript global
# scope (`js.document`, `js.window`, `js.Promise`, ...), every name of it a
# JavaScript object whose shape Python cannot know.
from typing import Any

def __getattr__(name: str) -> Any: ...
