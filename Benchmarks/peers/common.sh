# Sourced by the peers' scripts (terminal.sh, visidata.sh, postgres.sh), in this folder: the
# checks and the set-up they begin with, in one place so that they stay alike.

# check_counts SCRIPT LOW HIGH RULE COUNTS...: exits 2 (a usage error) unless every count is a
# whole number from LOW to HIGH, saying "SCRIPT: RULE, not N" of the first that is not.
check_counts() {
  local script="$1" low="$2" high="$3" rule="$4"
  shift 4
  for n in "$@"; do
    [[ "$n" =~ ^[0-9]+$ ]] && ((n >= low && n <= high)) \
      || { echo "$script: $rule, not $n" >&2; exit 2; }
  done
}

# needs_tmux SCRIPT: the harnesses drive the apps in a tmux pane.
needs_tmux() {
  command -v tmux >/dev/null || { echo "$1: needs tmux (apt-get install tmux)" >&2; exit 1; }
}

# peer_venv MODULES: makes .venv from requirements.txt unless MODULES (as `import` takes them)
# already import in it.
peer_venv() {
  if ! .venv/bin/python -c "import $1" 2>/dev/null; then
    python3 -m venv .venv
    .venv/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
  fi
}
