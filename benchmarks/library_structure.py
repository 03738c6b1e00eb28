"""The library's structure in numbers, read from its source with ``ast``.

Prints: modules; arrows (one module importing another of the library, at the top
or inside a function); floors (the longest chain of arrows plus one: a module
that imports none of the library is on floor 1); circles (groups of modules that
import one another); the largest module's code lines (lines that are neither
blank, comments nor docstrings); function-local imports; the modules that open
files or define ``read_*`` functions; and the input checks defined outside ``validation.py`` (private functions
named ``_check*``, ``_refuse*``, ``_require*``, ``_validate*``).

    python benchmarks/library_structure.py [FOLDER]   # default: the checkout's library
"""

from __future__ import annotations

import argparse
import ast
import io
import tokenize
from pathlib import Path

PACKAGE = "rankmetrics_lite"
CHECK_PREFIXES = ("_check", "_refuse", "_require", "_validate")
FILE_OPENERS = {"open", "read_bytes", "read_text", "fromfile", "loadtxt", "genfromtxt", "read_csv"}


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(tree: ast.AST, name: str, is_package: bool, known: set[str]) -> set[str]:
    """The library's modules that ``name`` imports (relative imports resolved)."""
    found = set()
    package = name if is_package else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            # ``from . import x`` imports the submodule x, not the package
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        else:
            continue
        found.update(target for target in targets if target in known and target != name)
    return found


def local_imports(tree: ast.AST) -> int:
    count = 0
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            count += sum(isinstance(node, (ast.Import, ast.ImportFrom)) for node in ast.walk(function))
    return count


def code_lines(source: str, tree: ast.AST) -> int:
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                docstrings.update(range(body[0].lineno, body[0].end_lineno + 1))
    lines = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                              tokenize.DEDENT, tokenize.ENDMARKER):
            lines.update(range(token.start[0], token.end[0] + 1))
    return len(lines - docstrings)


def opens_files(tree: ast.AST) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            called = node.func
            name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", None)
            if name in FILE_OPENERS:
                return True
    return False


def floors(arrows: dict[str, set[str]]) -> dict[str, int]:
    level: dict[str, int] = {}

    def floor_of(name: str, path: tuple[str, ...]) -> int:
        if name in level:
            return level[name]
        below = [floor_of(other, path + (name,)) for other in arrows[name] if other not in path]
        level[name] = 1 + max(below, default=0)
        return level[name]

    for name in arrows:
        floor_of(name, ())
    return level


def circles(arrows: dict[str, set[str]]) -> list[set[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        for other in arrows[name]:
            if other not in index:
                visit(other)
                low[name] = min(low[name], low[other])
            elif other in stack:
                low[name] = min(low[name], index[other])
        if low[name] == index[name]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == name:
                    break
            if len(group) > 1:
                groups.append(group)

    for name in arrows:
        if name not in index:
            visit(name)
    return groups


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path,
                        default=Path(__file__).resolve().parent.parent / PACKAGE)
    root = parser.parse_args().folder.resolve()
    paths = sorted(root.rglob("*.py"))
    names = {module_name(path, root): path for path in paths}
    arrows, sizes, local, readers, parsers, checks = {}, {}, 0, [], [], []
    for name, path in names.items():
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        arrows[name] = imported_modules(tree, name, path.name == "__init__.py", set(names))
        sizes[name] = code_lines(source, tree)
        local += local_imports(tree)
        if opens_files(tree):
            readers.append(name)
        if any(isinstance(node, ast.FunctionDef) and node.name.lstrip("_").startswith("read_")
               for node in ast.walk(tree)):
            parsers.append(name)
        if path.name != "validation.py":
            checks += [f"{name}.{node.name}" for node in ast.walk(tree)
                       if isinstance(node, ast.FunctionDef) and node.name.startswith(CHECK_PREFIXES)]
    largest = max(sizes, key=sizes.get)
    print(f"modules: {len(names)}")
    print(f"arrows: {sum(len(targets) for targets in arrows.values())}")
    print(f"floors: {max(floors(arrows).values())}")
    print(f"circles: {[sorted(group) for group in circles(arrows)]}")
    print(f"largest module: {largest}, {sizes[largest]} code lines")
    print(f"function-local imports: {local}")
    print(f"modules that open files ({len(readers)}): {', '.join(readers)}")
    print(f"modules defining read_* functions ({len(parsers)}): {', '.join(parsers)}")
    owners = {check.rsplit('.', 1)[0] for check in checks}
    print(f"input checks outside validation.py: {len(checks)} in {len(owners)} modules")


if __name__ == "__main__":
    main()
