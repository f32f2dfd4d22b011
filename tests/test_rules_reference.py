"""The rules reference lives in the repository: mixtour/RULES.md.

Every rule id the code, the pages and the tests cite (R1 ... R10, N1, P1,
G1, and later Tor's T ids) must be a heading of a rules page in the project,
and nothing may point outside the project for the rules any more.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "mixtour" / "RULES.md"
TOR_RULES = ROOT / "mixtour" / "tor" / "RULES.md"
# What belongs to the project (the README's layout), and what does not.
SOURCES = ["mixtour", "web", "tests", "build.py", "README.md", "pyproject.toml", "netlify.toml"]
SKIP_DIRS = {"node_modules", "dist", "__pycache__", ".venv", ".git"}
TEXT = {".py", ".js", ".mjs", ".ts", ".html", ".css", ".md", ".toml", ".json", ".txt"}

# A rule id: R1..R10, N1, P1, G1, T1..T7 (upper case in prose and comments).
CITED = re.compile(r"\b([RNPGT][0-9]{1,2})\b")
# Test names carry the id in lower case: test_r5_take_back_is_forbidden.
TEST_NAME = re.compile(r"\bdef (test_([rnpgt][0-9]{1,2})_\w+)")
HEADING = re.compile(r"^#{2,3} ([RNPGT][0-9]{1,2})\b", re.MULTILINE)
# Built from two pieces so that this file does not match itself.
OUTSIDE = re.compile("(?<![\\w.-])" + "shared" + "/")


def project_files() -> Iterator[Path]:
    for name in SOURCES:
        path = ROOT / name
        if path.is_file():
            yield path
            continue
        for file in sorted(path.rglob("*")):
            parts = set(file.relative_to(ROOT).parts)
            if file.is_file() and file.suffix in TEXT and not parts & SKIP_DIRS:
                yield file


def rule_pages() -> list[Path]:
    """Every rules page: mixtour/RULES.md, and those of games to come
    (a RULES*.md in any folder of the project, one or two levels down)."""
    pages = [*ROOT.glob("*/RULES*.md"), *ROOT.glob("*/*/RULES*.md")]
    return sorted(p for p in pages if not set(p.relative_to(ROOT).parts) & SKIP_DIRS)


def rule_headings() -> set[str]:
    """The ids that some rules page of the project defines."""
    pages = rule_pages()
    assert RULES in pages
    return {m.group(1) for page in pages for m in HEADING.finditer(page.read_text("utf-8"))}


def test_rules_reference_defines_every_rule_id_in_order() -> None:
    text = RULES.read_text(encoding="utf-8")
    ids = HEADING.findall(text)
    assert ids == [f"R{n}" for n in range(1, 11)] + ["N1", "P1", "G1"]
    assert "Mixtour by Dieter Stein" in text
    assert "spielstein.com" in text


def test_every_cited_rule_id_is_a_heading_of_the_rules_reference() -> None:
    headings = rule_headings()
    pages = rule_pages()
    cited: dict[str, list[str]] = {}
    for file in project_files():
        if file in pages or file == Path(__file__).resolve():
            continue  # the pages themselves, and this file's own examples
        text = file.read_text(encoding="utf-8", errors="replace")
        where = str(file.relative_to(ROOT))
        for rule in CITED.findall(text):
            cited.setdefault(rule, []).append(where)
        for _, rule in TEST_NAME.findall(text):
            cited.setdefault(rule.upper(), []).append(where)
    unknown = {rule: sorted(set(files)) for rule, files in cited.items() if rule not in headings}
    assert unknown == {}
    # The rules tests name every rule of the reference at least once.
    names = TEST_NAME.findall((ROOT / "tests" / "test_rules.py").read_text(encoding="utf-8"))
    assert {rule.upper() for _, rule in names} == headings - {h for h in headings if h[0] == "T"}


def test_tor_rules_page_defines_t1_to_t7_in_order_and_credits_the_authors() -> None:
    text = TOR_RULES.read_text(encoding="utf-8")
    assert HEADING.findall(text) == [f"T{n}" for n in range(1, 8)]
    assert "Tor by Alain Couchot and Bernard Klein" in text
    assert TOR_RULES in rule_pages()
    # Mixtour's page leads to it.
    assert "(tor/RULES.md)" in RULES.read_text(encoding="utf-8")


def test_every_tor_rule_has_a_test_named_after_it() -> None:
    names = TEST_NAME.findall((ROOT / "tests" / "test_tor_rules.py").read_text(encoding="utf-8"))
    tor_headings = {h for h in rule_headings() if h[0] == "T"}
    assert {rule.upper() for _, rule in names} == tor_headings
    assert len(tor_headings) == 7


def test_no_file_of_the_project_points_outside_it_for_the_rules() -> None:
    outside = [
        str(file.relative_to(ROOT))
        for file in project_files()
        if OUTSIDE.search(file.read_text(encoding="utf-8", errors="replace"))
    ]
    assert outside == []


def test_readme_links_the_rules_reference_and_the_architecture() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = set(re.findall(r"\]\(([^)#]+)", readme))
    assert "mixtour/RULES.md" in links
    assert "mixtour/ARCHITECTURE.md" in links
    for link in ("mixtour/RULES.md", "mixtour/ARCHITECTURE.md"):
        assert (ROOT / link).is_file(), link
