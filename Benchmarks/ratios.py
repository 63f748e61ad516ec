#!/usr/bin/env python3
"""Turns the raw histograms of a benchmark run into the ratio table and results/latest.json.

Each benchmark is named `family:scenario:variant:items:xN[:baseline]`, where N is the number of
operations one sample runs (the inner loop). The histograms (`--format histogramEncoded`) hold
raw per-sample values: wall clock in nanoseconds, and malloc counts. This script decodes the HDR
histograms, takes medians, divides by N, subtracts the harness's own mallocs (measured by the
empty benchmark in the same run), and pairs every baseline row with ours.
"""
import glob
import json
import os
import sys



def fmt_ratio(ratio, missing):
    """Whole numbers from 10× up; two significant digits below (a baseline faster than ours
    shows as 0.19×, not 0×)."""
    if not ratio:
        return missing
    return f"{ratio:.0f}×" if ratio >= 10 else f"{ratio:.2g}×"

def hdr_values(histogram):
    """Yields (value, count) for every non-empty bucket of an encoded HdrHistogram."""
    half_magnitude = histogram["subBucketHalfCountMagnitude"]
    half_count = 1 << half_magnitude
    unit = histogram["unitMagnitude"]
    for index, count in enumerate(histogram["counts"]):
        if not count:
            continue
        bucket = (index >> half_magnitude) - 1
        sub_bucket = (index & (half_count - 1)) + half_count
        if bucket < 0:
            sub_bucket -= half_count
            bucket = 0
        yield sub_bucket << (bucket + unit), count


def median(histogram):
    total = histogram["_totalCount"]
    if total == 0:
        return None
    seen = 0
    for value, count in hdr_values(histogram):
        seen += count
        if seen * 2 >= total:
            return value
    return None


def load(raw_directory):
    """{benchmark name: {metric: median per sample}}."""
    rows = {}
    for path in glob.glob(os.path.join(raw_directory, "*.histogram.json")):
        base = os.path.basename(path)[: -len(".histogram.json")]
        # <baseline>.<target>.<benchmark name>.<metric>
        _, _, rest = base.split(".", 2)
        name, metric = rest.rsplit(".", 1)
        with open(path) as handle:
            rows.setdefault(name, {})[metric] = median(json.load(handle))
    return rows


def parse(name):
    parts = name.split(":")
    family, scenario, variant, items, scaling = parts[:5]
    baseline = parts[5] if len(parts) > 5 else None
    return f"{family}/{scenario}/{variant}", int(items), int(scaling[1:]), baseline


def main(raw_directory, output):
    measured = load(raw_directory)
    if not measured:
        sys.exit(f"no histograms in {raw_directory}")
    harness_mallocs = 0.0
    ours, baselines = {}, []
    for name, metrics in measured.items():
        row_name, items, scaling, baseline = parse(name)
        per_op = {
            "ns": metrics.get("wallClock", 0) / scaling,
            "mallocs": metrics.get("mallocCountTotal", 0),
            "scaling": scaling,
            "cells_created": metrics.get("cellsCreated"),
            "peak_visible": metrics.get("peakVisible"),
            "bytes": metrics.get("bytes"),
        }
        if row_name == "harness/empty/loop":
            harness_mallocs = per_op["mallocs"]
            continue
        if baseline:
            baselines.append((row_name, items, baseline, per_op))
        else:
            ours[(row_name, items)] = per_op
    for values in list(ours.values()) + [b[3] for b in baselines]:
        values["mallocs"] = max(0.0, values["mallocs"] - harness_mallocs) / values["scaling"]

    rows = []
    for (row_name, items), values in sorted(ours.items()):
        matching = [b for b in baselines if b[0] == row_name and b[1] == items]
        base_row = {
            "name": row_name,
            "items": items,
            "ours_ns": round(values["ns"], 1),
            "ours_mallocs": round(values["mallocs"], 3),
        }
        if values["cells_created"] is not None:
            base_row["cells_created"] = values["cells_created"]
            base_row["peak_visible"] = values["peak_visible"]
        if values["bytes"] is not None:
            base_row["bytes"] = values["bytes"]
        if not matching:
            rows.append({**base_row, "baseline": None, "baseline_ns": None, "ratio": None})
        for _, _, baseline, base_values in sorted(matching, key=lambda b: b[2]):
            ratio = base_values["ns"] / values["ns"] if values["ns"] else None
            row = {
                **base_row,
                "baseline": baseline,
                "baseline_ns": round(base_values["ns"], 1),
                "ratio": (round(ratio, 1) if ratio >= 1 else round(ratio, 3)) if ratio else None,
            }
            if base_values["bytes"] is not None:
                row["baseline_bytes"] = base_values["bytes"]
            rows.append(row)
    with open(output, "w") as handle:
        json.dump(rows, handle, indent=2)
        handle.write("\n")

    header = f"{'benchmark':<26} {'items':>9} {'ours (median)':>14} {'mallocs':>8} " \
             f"{'baseline':<18} {'baseline (median)':>17} {'ratio':>8}  notes"
    print(header)
    print("-" * len(header))
    for row in rows:
        notes = ""
        if "bytes" in row:
            notes = f"{row['bytes']:,} bytes"
            if "baseline_bytes" in row:
                notes += f" vs {row['baseline_bytes']:,} ({100 * row['bytes'] / row['baseline_bytes']:.1f} %)"
        if "cells_created" in row:
            notes = f"cells created {row['cells_created']}, peak visible {row['peak_visible']}"
        ratio = fmt_ratio(row["ratio"], "-")
        print(f"{row['name']:<26} {row['items']:>9} {fmt_ns(row['ours_ns']):>14} "
              f"{row['ours_mallocs']:>8.3g} {row['baseline'] or '-':<18} "
              f"{fmt_ns(row['baseline_ns']):>17} {ratio:>8}  {notes}")
    print(f"\nmedians per operation; mallocs per operation after subtracting the harness's "
          f"{harness_mallocs:g} per sample. Written to {output}.")


def fmt_ns(value, missing="-"):
    """A duration in nanoseconds, in ns, µs or ms."""
    if value is None:
        return missing
    if value >= 1e6:
        return f"{value / 1e6:.2f} ms"
    if value >= 1e3:
        return f"{value / 1e3:.2f} µs"
    return f"{value:.0f} ns"


def markdown_table(rows):
    def fmt(value):
        return fmt_ns(value, missing="–")

    lines = [
        "| benchmark | items | ours (median) | mallocs/op | baseline | baseline (median) | ratio |",
        "|---|---:|---:|---:|---|---:|---:|",
    ]
    for row in rows:
        extra = ""
        if "cells_created" in row:
            extra = f" (cells created {row['cells_created']}, peak visible {row['peak_visible']})"
        if "bytes" in row:
            extra = f" ({row['bytes']:,} bytes"
            if "baseline_bytes" in row:
                extra += f"; the baseline writes {row['baseline_bytes']:,}"
            extra += ")"
        baseline = f"`{row['baseline']}`" if row["baseline"] else "–"
        ratio = fmt_ratio(row["ratio"], "–")
        lines.append(
            f"| `{row['name']}`{extra} | {row['items']:,} | {fmt(row['ours_ns'])} | "
            f"{row['ours_mallocs']:g} | {baseline} | {fmt(row['baseline_ns'])} | {ratio} |")
    return "\n".join(lines) + "\n"


def update_markdown(path, rows):
    """Replaces the table between the markers in BENCHMARKS.md with this run's."""
    start, end = "<!-- table:start -->", "<!-- table:end -->"
    with open(path) as handle:
        text = handle.read()
    if start not in text or end not in text:
        return
    before, rest = text.split(start, 1)
    _, after = rest.split(end, 1)
    with open(path, "w") as handle:
        handle.write(before + start + "\n" + markdown_table(rows) + end + after)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
    if len(sys.argv) > 3:
        with open(sys.argv[2]) as handle:
            update_markdown(sys.argv[3], json.load(handle))
