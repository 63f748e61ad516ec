#!/usr/bin/env bash
# Counts the host code of the five pages issue 42 declares once in GalleryKit (list, data
# source, outline, board, store), in both galleries, then (at BASE, the commit before
# ReuseDeclarative: ffb7d79^ by default) and now: code lines, without blank and comment lines.
# The terminal's page files, GTK's board page and GTK's page functions; cells, which draw, are
# not counted.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-ffb7d79^}
count() { grep -v -E '^\s*(//|$)' | wc -l; }
gtkFunction() { awk "/private static func $1\\(/,/^  }\$/"; }
then=0
now=0
for page in ListPage DataSourcePage OutlinePage BoardPage StorePage; do
  file=Sources/TerminalGallery/Pages/$page.swift
  b=$(git show "$base:$file" | count)
  n=$(count <"$file")
  echo "terminal $page: $b -> $n"
  then=$((then + b)) now=$((now + n))
done
file=Hosts/GTK/Sources/GalleryGTK/BoardPage.swift
b=$(git show "$base:$file" | count)
n=$(count <"$file")
echo "gtk BoardPage: $b -> $n"
then=$((then + b)) now=$((now + n))
for function in list tasks outline store; do
  file=Hosts/GTK/Sources/GalleryGTK/Pages.swift
  b=$(git show "$base:$file" | gtkFunction "$function" | count)
  n=$(gtkFunction "$function" <"$file" | count)
  echo "gtk $function: $b -> $n"
  then=$((then + b)) now=$((now + n))
done
echo "page code: $then -> $now lines ($(((now - then) * 100 / then)) %)"
