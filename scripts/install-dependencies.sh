#!/usr/bin/env bash
# Installs what building or testing shop needs and is missing, on Debian or Ubuntu:
#
#   scripts/install-dependencies.sh build   the YAML library shop is built on (libyaml-dev)
#   scripts/install-dependencies.sh test    that, and the programs and Python modules the tests use
#
# Debian packages are installed with apt-get where the user may install them: as root, or through
# sudo without a password. Elsewhere the script names the packages to install and fails. Python
# modules go in with pip; where the system's Python is Debian's own (which pip may not change),
# they go into a virtual environment in .build/test-python, which `make test` puts first on the PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

what=${1:-build}
case "$what" in
build | test) ;;
*)
    echo "usage: $0 build|test" >&2
    exit 2
    ;;
esac

venv=.build/test-python

packages=()
command -v pkg-config >/dev/null || packages+=(pkg-config)
if ! command -v pkg-config >/dev/null || ! pkg-config --exists yaml-0.1; then
    packages+=(libyaml-dev)
fi

# Whether python3 is a Python that pip must leave alone (PEP 668), as Debian's own is.
externally_managed() {
    python3 -c 'import os, sys, sysconfig
sys.exit(sys.prefix != sys.base_prefix
         or not os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")))'
}

if [ "$what" = test ]; then
    # The documentation tests run mandoc and make; the export tests cmark-gfm; the completion
    # tests the scripts in each shell; the fmt --diff tests patch and git apply; the test of a
    # list saved by another program during an edit holds the edit up with strace.
    for program in mandoc cmark-gfm bash zsh fish make patch git strace; do
        command -v "$program" >/dev/null || packages+=("$program")
    done
    # The README's Neovim set-up is tried in Neovim.
    command -v nvim >/dev/null || packages+=(neovim)
    # The HTML export is printed and photographed by headless Chromium, and its PDFs read with
    # poppler-utils (pdfinfo, pdftotext, pdftohtml, pdftoppm); the phone's page is used there as
    # a person would. Chromium is driven through its chromedriver (Debian's chromium-driver, made
    # for that Chromium) by Selenium (below).
    command -v chromium >/dev/null || command -v chromium-browser >/dev/null || packages+=(chromium)
    command -v chromedriver >/dev/null || packages+=(chromium-driver)
    for program in pdfinfo pdftotext pdftohtml pdftoppm; do
        command -v "$program" >/dev/null || { packages+=(poppler-utils); break; }
    done
    if ! command -v python3 >/dev/null; then
        packages+=(python3 python3-venv)
    elif [ ! -x "$venv/bin/python3" ] && externally_managed && ! python3 -c 'import ensurepip' 2>/dev/null; then
        packages+=(python3-venv)
    fi
fi

if [ ${#packages[@]} -gt 0 ]; then
    as_root=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
            as_root=(sudo)
        else
            as_root=(none)
        fi
    fi
    if [ "${as_root[*]-}" = none ] || ! command -v apt-get >/dev/null; then
        echo "shop needs these packages, which are missing: ${packages[*]}" >&2
        echo "Install them (on Debian or Ubuntu: sudo apt-get install ${packages[*]}), then run this again." >&2
        exit 1
    fi
    echo "installing ${packages[*]}"
    ${as_root[@]+"${as_root[@]}"} apt-get update -q
    ${as_root[@]+"${as_root[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${packages[@]}"
    hash -r
fi

[ "$what" = test ] || exit 0

# The Python readers and tools that judge what shop writes: PyYAML and ruamel.yaml (YAML 1.1 and
# 1.2 readers), markdown-it-py with its task-list plugin (a CommonMark/GFM renderer),
# check-jsonschema (the schema tests), pre-commit (which validates the hook manifest and the
# README's configuration), pytest-lsp (a language server client), selenium (which drives Chromium).
python=python3
if [ -x "$venv/bin/python3" ]; then
    python=$venv/bin/python3
elif externally_managed; then
    echo "creating $venv for the Python test tools"
    python3 -m venv "$venv"
    python=$venv/bin/python3
fi
# Where pip puts the programs of the packages it installs.
scripts=$("$python" -c 'import sysconfig; print(sysconfig.get_path("scripts"))')
modules=()
"$python" -c 'import yaml' 2>/dev/null || modules+=(pyyaml)
"$python" -c 'import ruamel.yaml' 2>/dev/null || modules+=(ruamel.yaml)
"$python" -c 'import markdown_it' 2>/dev/null || modules+=(markdown-it-py)
"$python" -c 'import mdit_py_plugins' 2>/dev/null || modules+=(mdit-py-plugins)
# pytest-lsp (with pytest and pygls) is the LSP client of the shop lsp end-to-end tests.
"$python" -c 'import pytest_lsp' 2>/dev/null || modules+=(pytest-lsp)
# Selenium 4.51.0 exactly: later versions ask for a certifi that the package index lacks.
"$python" -c 'import selenium' 2>/dev/null || modules+=("selenium==4.51.0")
for program in check-jsonschema pre-commit; do
    [ -x "$scripts/$program" ] || command -v "$program" >/dev/null || modules+=("$program")
done
if [ ${#modules[@]} -gt 0 ]; then
    echo "installing ${modules[*]} with pip"
    "$python" -m pip install --quiet "${modules[@]}"
fi
# The Unicode 17.0.0 data the Unicode tables are generated from and tested against.
"$python" scripts/unicode_data.py >/dev/null 2>&1 || "$python" -m pip install --quiet -r scripts/unicode-requirements.txt
