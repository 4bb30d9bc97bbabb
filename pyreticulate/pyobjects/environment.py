"""The Python environment that hosts R, as reticulate's environment functions ask about it.

``py_require()`` declares requirements; here they are checked against the
distributions installed in the running interpreter (``requirement_problems``)
and the Python version (``python_version_problems``), never installed: the
caller is told the pip command that would install them (``pip_command``).
``installed_packages`` lists what is installed, as ``py_list_packages()`` shows
it. Requirement strings are PEP 508 (``"numpy>=2"``, ``"jax[cpu]"``,
``"name @ url"``, with environment markers); a bare URL or path names no
package and cannot be checked.
"""
import importlib.metadata
import os
import platform
import shlex
import sys

from packaging.markers import default_environment
from packaging.requirements import InvalidRequirement, Requirement
from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import InvalidVersion, Version


def _installed_version(name):
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def requirement_problem(text):
    """Why the requirement ``text`` is not met here, or None when it is."""
    try:
        requirement = Requirement(text)
    except InvalidRequirement:
        return ("names no package with a version (a bare URL or path), so it cannot be "
                "checked against the installed packages")
    if requirement.marker is not None and not requirement.marker.evaluate(default_environment()):
        return None
    installed = _installed_version(requirement.name)
    if installed is None:
        return "not installed"
    if requirement.specifier and not requirement.specifier.contains(installed, prereleases=True):
        return f"version {installed} is installed"
    missing_extras = [extra for extra in requirement.extras
                      if not _extra_installed(requirement.name, extra)]
    if missing_extras:
        return f"the extra{'s' if len(missing_extras) > 1 else ''} " \
               f"{', '.join(missing_extras)} {'are' if len(missing_extras) > 1 else 'is'} not installed"
    return None


def _extra_installed(name, extra):
    """Whether the requirements of ``name[extra]`` are installed (those without a version)."""
    try:
        requires = importlib.metadata.requires(name) or []
    except importlib.metadata.PackageNotFoundError:
        return False
    environment = {**default_environment(), "extra": extra}
    for text in requires:
        try:
            requirement = Requirement(text)
        except InvalidRequirement:
            continue
        if requirement.marker is None or not requirement.marker.evaluate(environment):
            continue
        if "extra" not in str(requirement.marker):
            continue
        if _installed_version(requirement.name) is None:
            return False
    return True


def requirement_problems(texts):
    """``[(text, problem)]`` for the requirements among ``texts`` not met here."""
    return [(text, problem) for text in texts
            if (problem := requirement_problem(text)) is not None]


def _constraint(text):
    """A Python version constraint as a SpecifierSet: a bare ``3.10`` means any 3.10.x."""
    text = text.strip()
    if text and text[0].isdigit():
        try:
            version = Version(text)
        except InvalidVersion:
            raise ValueError(f"{text!r} is not a Python version") from None
        return SpecifierSet(f"=={text}" if len(version.release) >= 3 else f"=={text}.*")
    try:
        return SpecifierSet(text)
    except InvalidSpecifier:
        raise ValueError(f"{text!r} is not a Python version constraint") from None


def python_version_problems(constraints):
    """The constraints among ``constraints`` the running Python does not meet."""
    running = platform.python_version()
    return [text for text in constraints if not _constraint(text).contains(running, prereleases=True)]


def pip_command(requirements, python=None):
    """The shell command that installs ``requirements`` into the running interpreter."""
    return " ".join([shlex.quote(python or sys.executable), "-m", "pip", "install",
                     *(shlex.quote(text) for text in requirements)])


def installed_packages():
    """``[(name, version)]`` of the installed distributions, sorted by name."""
    seen = {}
    for distribution in importlib.metadata.distributions():
        name = distribution.metadata["Name"]
        if name and canonicalize_name(name) not in seen:
            seen[canonicalize_name(name)] = (name, distribution.version)
    return sorted(seen.values(), key=lambda item: item[0].lower())


def host():
    """Where the running interpreter lives: executable, prefix, and what kind of environment."""
    prefix = sys.prefix
    return {
        "python": sys.executable,
        "prefix": prefix,
        "base_prefix": sys.base_prefix,
        "virtualenv": prefix != sys.base_prefix or os.path.exists(os.path.join(prefix, "pyvenv.cfg")),
        "conda": os.path.isdir(os.path.join(prefix, "conda-meta")),
        "version": platform.python_version(),
    }
