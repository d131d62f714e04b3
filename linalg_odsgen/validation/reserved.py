"""Names the generated code reserves: C++ and Python keywords, the call form's keywords.

Op, operand and attribute names become identifiers in generated C++ and Python,
so one list says which names would break either.
"""

from __future__ import annotations

import keyword

# Every C++ keyword (C++23, plus the TM TS ones compilers reserve) and the
# alternative operator tokens: names become C++ identifiers in generated ODS.
_CPP_KEYWORD_TEXT = """
    alignas alignof and and_eq asm atomic_cancel atomic_commit atomic_noexcept auto
    bitand bitor bool break case catch char char8_t char16_t char32_t class compl
    concept const consteval constexpr constinit const_cast continue co_await co_return
    co_yield decltype default delete do double dynamic_cast else enum explicit export
    extern false float for friend goto if inline int long mutable namespace new
    noexcept not not_eq nullptr operator or or_eq private protected public reflexpr
    register reinterpret_cast requires return short signed sizeof static static_assert
    static_cast struct switch synchronized template this thread_local throw true try
    typedef typeid typename union unsigned using virtual void volatile wchar_t while
    xor xor_eq
    """
CPP_KEYWORDS: frozenset[str] = frozenset(_CPP_KEYWORD_TEXT.split())
# Names become Python identifiers (classes, keyword arguments) in generated modules.
PYTHON_KEYWORDS: frozenset[str] = frozenset(keyword.kwlist)  # soft keywords stay usable

# The generated call form `op(*ins, outs=[...], backend=..., **attrs)` reserves its own
# keyword parameters.
RESERVED_ATTR_NAMES: frozenset[str] = frozenset({"outs", "backend"})


def keyword_clash(name: str) -> str | None:
    """Which language reserves `name` ("Python", "C++", "Python and C++"), or None."""
    langs = [
        lang for lang, kws in (("Python", PYTHON_KEYWORDS), ("C++", CPP_KEYWORDS)) if name in kws
    ]
    return " and ".join(langs) if langs else None


def is_dunder(name: str) -> bool:
    """`__x__`: Python's special names, never safe as names of generated code."""
    return len(name) > 4 and name.startswith("__") and name.endswith("__")
