#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the hostile-input files of tests/data/bad/ that this script owns (see the tables
tests/hostile/HOSTILE.tsv and tests/data/bad/EXPECTED.tsv for what each must give), the edgy
but legal files of tests/hostile/accept/, the Graphalytics datasets of tests/hostile/graphalytics/
(three files each: NAME.properties, NAME.v, NAME.e), and the libFuzzer seed corpus
tests/fuzz/corpus/.

Run from anywhere: python3 tests/hostile/make_corpus.py. The output is deterministic (gzip
members carry mtime 0 and no name), so re-running it leaves git with nothing to commit. Files
that existed before this script (mm_*.mtx, el_huge_id.txt, ...) are not touched. Every file is
tiny except the two gzip bombs, which are about 39 KB each and expand to 40 MB.
"""
import gzip
import io
import math
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
BAD = os.path.join(HERE, "..", "data", "bad")

MM_REAL = b"%%MatrixMarket matrix coordinate real general\n"
MM_PATTERN = b"%%MatrixMarket matrix coordinate pattern general\n"
METIS_OK = b"3 2\n2 3\n1\n1\n"  # a path 2-1-3
ELIST_OK = b"0 1\n1 2\n2 0\n"
UPD = b"# spgraph update stream with one defect (tests/hostile/make_corpus.py)\n+ 1 2\n+ 2 3 0.5\n"

# Value type codes and flags of the binary format (loaders/binary_format.hpp).
BOOL, INT32, INT64, FLOAT, DOUBLE = 1, 2, 3, 4, 5
F_PATTERN, F_SYMMETRIC = 1, 2
VALUE_FORMAT = {BOOL: "B", INT32: "i", INT64: "q", FLOAT: "f", DOUBLE: "d"}


def gz(data):
    """A gzip member with a fixed header (mtime 0, no name), so the bytes are reproducible."""
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as f:
        f.write(data)
    return buf.getvalue()


def spg(nrows, ncols, row_ptr, col, vals=None, vtype=DOUBLE, flags=0, nnz=None, crc=True):
    """An spgraph binary file: header, CSR arrays, values, CRC-32 (zlib) of what precedes it."""
    nnz = len(col) if nnz is None else nnz
    body = b"SPGRAPH1" + struct.pack("<IIII", 1, vtype, flags, 0)
    body += struct.pack("<QQQ", nrows, ncols, nnz)
    body += struct.pack("<%dQ" % len(row_ptr), *row_ptr)
    body += struct.pack("<%dI" % len(col), *col)
    if vals is not None:
        body += struct.pack("<%d%s" % (len(vals), VALUE_FORMAT[vtype]), *vals)
    return body + struct.pack("<I", (zlib.crc32(body) if crc else 0) & 0xFFFFFFFF)


# A valid 3 x 3 double matrix: a path 1-2-3 stored both ways.
SPG_OK = spg(3, 3, [0, 1, 3, 4], [1, 0, 2, 1], [1.0, 1.0, 2.0, 2.0])

FILES = {
    # --- empty files: no format says an empty graph this way --------------------------------
    "el_empty.txt": b"",
    "metis_empty.graph": b"",
    "binary_empty.bin": b"",
    "el_empty.txt.gz": gz(b""),
    "el_whitespace_only.txt": b"  \n\t\n   \n\n",
    "mm_whitespace_only.mtx": b"\n \n\t\t\n",
    "metis_whitespace_only.graph.gz": gz(b" \n\n \n"),
    "el_comments_only.txt": b"# just a comment\n% another one\n\n# and a third\n",
    "el_comments_only.csv.gz": gz(b"# source,target\n# (no rows)\n"),
    "metis_comments_only.graph": b"% a METIS file with\n% no header line\n",
    "mm_banner_only.mtx": MM_REAL + b"% no size line follows\n",
    # --- CR-only line endings (classic Mac) ------------------------------------------------
    "el_cr_only.txt": b"0 1\r1 2\r2 0\r",
    "el_cr_only.tsv.gz": gz(b"0\t1\r1\t2\r2\t0\r"),
    "mm_cr_only.mtx": MM_REAL.replace(b"\n", b"\r") + b"3 3 2\r1 2 1.0\r2 3 2.0\r",
    "metis_cr_only.graph": METIS_OK.replace(b"\n", b"\r"),
    # --- NUL and ESC bytes inside tokens: the message must not copy them raw ----------------
    "el_esc_in_id.txt": b"0 1\n1 2\x1b[31m\n",
    "el_nul_in_id.txt": b"0 1\n1 \x002\n2 0\n",
    "mm_esc_in_value.mtx": MM_REAL + b"3 3 2\n1 2 1.0\n2 3 \x1b[2Jx\n",
    "mm_nul_in_banner.mtx": b"%%MatrixMarket matrix coordinate re\x00al general\n3 3 1\n1 2 1.0\n",
    "metis_esc_in_neighbour.graph": b"3 2\n2 3\n1\n\x1b]0;pwned\x07\n",
    "el_esc_in_id.csv.gz": gz(b"0,1\n1,\x1b[1m2\n"),
    # --- overlong lines (2 MB): one short message, not the line echoed -----------------------
    "el_overlong_id.txt.gz": gz(b"0 1\n1 " + b"9" * 2_000_000 + b"\n"),
    "el_overlong_token.txt.gz": gz(b"0 1\n1 x" + b"y" * 2_000_000 + b"\n"),
    "mm_overlong_value.mtx.gz": gz(MM_REAL + b"3 3 1\n1 1 " + b"1" * 2_000_000 + b"\n"),
    "metis_overlong_line.graph.gz": gz(b"3 2\n2 3\n1 " + b"4" * 2_000_000 + b"\n1\n"),
    # --- negative ids ------------------------------------------------------------------------
    "el_negative_id.txt": b"0 1\n-1 2\n",
    "mm_negative_index.mtx": MM_REAL + b"3 3 2\n1 2 1.0\n-1 2 1.0\n",
    "metis_negative_neighbour.graph": b"3 2\n2 -3\n1\n1\n",
    # --- ids that overflow 64 bits -----------------------------------------------------------
    "el_id_overflow.txt": b"0 1\n1 18446744073709551616\n",
    "mm_index_overflow.mtx": MM_REAL + b"3 3 1\n99999999999999999999 1 1.0\n",
    "mm_size_overflow.mtx": MM_REAL + b"99999999999999999999 3 1\n1 1 1.0\n",
    "metis_neighbour_overflow.graph": b"3 2\n2 3\n1 99999999999999999999\n1\n",
    "metis_header_overflow.graph": b"99999999999999999999 2\n2 3\n1\n1\n",
    # --- out-of-range ids --------------------------------------------------------------------
    "el_outside_header.txt": b"# spgraph edge list: vertices=3 base=0\n0 1\n1 5\n",
    "el_zero_in_one_based.txt": b"# spgraph edge list: vertices=3 base=1\n1 2\n0 1\n",
    "el_lightgraphs_out_of_range.txt": b"3,2,u,graph\n1,2\n2,7\n",
    "metis_out_of_range.graph.gz": gz(b"3 2\n2 3\n1 4\n1\n"),
    "mm_out_of_range.mtx.gz": gz(MM_REAL + b"3 3 2\n1 1 5\n2 9 5\n"),
    "binary_col_out_of_range.bin": spg(3, 3, [0, 1, 2, 2], [1, 7], [1.0, 2.0]),
    # --- huge claimed dimensions: refused before anything that size is allocated ------------
    "el_huge_dimension.txt": b"0 1\n1 3000000000\n",
    "el_huge_dimension.csv.gz": gz(b"0,1\n1,3000000000\n"),
    "el_header_huge_vertices.txt": b"# spgraph edge list: vertices=3000000000 base=0\n0 1\n",
    "el_lightgraphs_huge_n.txt": b"3000000000,1,u,graph\n1,2\n",
    "mm_huge_dimension.mtx": MM_PATTERN + b"3000000000 3000000000 1\n1 1\n",
    "mm_huge_dimension.mtx.gz": gz(MM_REAL + b"3000000000 3000000000 1\n1 1 1.0\n"),
    "mm_over_vertex_limit.mtx": MM_PATTERN + b"5000000000 5000000000 1\n1 1\n",
    "metis_huge_n.graph": b"3000000000 1\n2\n1\n",
    "binary_huge_dimension.bin": spg(3000000000, 3000000000, [0, 0], [], [], nnz=0),
    # --- NaN values (+-inf are values like any other: see ACCEPTED) ---------------------------
    "mm_overflow_to_inf.mtx": MM_REAL + b"3 3 2\n1 1 1.5\n2 2 1e400\n",
    "mm_nan_symmetric.mtx": b"%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n2 1 NaN\n3 2 1\n",
    "el_nan_weight.tsv.gz": gz(b"0\t1\t2.5\n1\t2\tNaN\n"),
    "binary_nan.bin": spg(3, 3, [0, 1, 2, 2], [1, 2], [1.0, math.nan]),
    "binary_nan_float.bin.gz": gz(spg(3, 3, [0, 1, 2, 2], [1, 2], [math.nan, 1.0], vtype=FLOAT)),
    # --- METIS: the two directions of an edge with different weights --------------------------
    "metis_weight_mismatch.graph": b"3 2 1\n2 5\n1 6 3 7\n2 7\n",
    "metis_weight_mismatch.graph.gz": gz(b"% fmt 1: edge weights\n3 2 1\n2 5\n1 6 3 7\n2 7\n"),
    # --- binary: a symmetric flag on data that is not symmetric (valid CRC) --------------------
    "binary_symmetric_lie.bin": spg(3, 3, [0, 1, 2, 2], [1, 2], None, BOOL, F_PATTERN | F_SYMMETRIC),
    "binary_symmetric_lie_values.spg": spg(3, 3, [0, 1, 2, 2], [1, 0], [1.0, 2.0], flags=F_SYMMETRIC),
    "binary_symmetric_lie.bin.gz": gz(spg(3, 3, [0, 1, 1, 1], [2], None, BOOL, F_PATTERN | F_SYMMETRIC)),
    "binary_symmetric_rectangular.bin": spg(2, 3, [0, 1, 1], [1], [1.0], flags=F_SYMMETRIC),
    # --- binary: other corruption with a valid CRC --------------------------------------------
    "binary_bad_magic.bin": b"SPGRAPH2" + SPG_OK[8:],
    "binary_bad_bool.bin": spg(3, 3, [0, 1, 2, 2], [1, 2], [1, 2], BOOL),
    "binary_unknown_flags.bin": spg(3, 3, [0, 1, 2, 2], [1, 2], [1.0, 2.0], flags=0x80),
    "binary_unsorted_row.spg": spg(3, 3, [0, 2, 2, 2], [2, 1], [1.0, 2.0]),
    "binary_row_ptr_decreasing.bin": spg(3, 3, [0, 2, 1, 2], [1, 2], [1.0, 2.0]),
    # --- mixed weight columns -------------------------------------------------------------------
    "el_mixed_weights_late.csv": b"0,1\n1,2\n2,0,0.5\n",
    "el_mixed_weights.tsv.gz": gz(b"0\t1\t1.5\n1\t2\n"),
    # --- other malformed syntax ----------------------------------------------------------------
    "metis_bad_header.graph": b"3 x\n2 3\n1\n1\n",
    "metis_bad_fmt.graph": b"3 2 2\n2 3\n1\n1\n",
    "el_header_bad_base.txt": b"# spgraph edge list: vertices=3 base=2\n0 1\n",
    "el_lightgraphs_edge_count.txt": b"3,5,u,graph\n1,2\n2,3\n",
    "el_lone_id.txt": b"0 1\n2\n",
    "mm_bad_header.mtx.gz": gz(b"%%MatrixMarket matrix coordinate real sideways\n3 3 1\n1 1 1.0\n"),
    "mm_array_pattern.mtx": b"%%MatrixMarket matrix array pattern general\n2 2\n1\n0\n1\n0\n",
    "mm_unknown_graphblas_type.mtx": MM_REAL + b"%%GraphBLAS type quaternion\n2 2 1\n1 1 1.0\n",
    # --- gzip: trailing junk after the stream, truncated streams ---------------------------------
    "mm_trailing_junk.mtx.gz": gz(MM_REAL + b"3 3 1\n1 2 1.0\n") + b"JUNK\n",
    "el_trailing_junk.txt.gz": gz(ELIST_OK) + b"\n# text appended after the gzip member\n",
    "metis_trailing_junk.graph.gz": gz(METIS_OK) + b"garbage after the member",
    "binary_trailing_junk.bin.gz": gz(SPG_OK) + b"\x1f",
    "metis_truncated.graph.gz": gz(METIS_OK * 1)[:-9],
    "binary_truncated.bin.gz": gz(SPG_OK)[:30],
    "el_gzip_header_only.txt.gz": gz(ELIST_OK)[:10],
    # --- gzip bombs: 39 KB that expand to 40 MB ---------------------------------------------------
    # Each is a valid graph if inflated (so silent acceptance shows), padded with one 40 MB blank
    # line, which every reader (and the fuzzers, which read this directory) skips cheaply.
    "el_gzip_bomb.txt.gz": gz(b"0 1\n1 2\n" + b" " * 40_000_000 + b"\n"),
    # --- update streams: one defect each, after two good records --------------------------------
    "updates_esc_in_id.txt": UPD + b"+ 3 \x1b[31m4\n+ 4 5\n",
    "updates_nul_in_weight.txt": UPD + b"= 1 2 0.5\x00\n",
    "updates_esc_in_query.txt": UPD + b"? \x1b[2Jbfs 1\n",
    "updates_huge_weight.txt": UPD + b"= 1 2 1e999\n",
    "mm_gzip_bomb.mtx.gz": gz(MM_PATTERN + b"3 3 1\n1 2\n" + b" " * 40_000_000),
    # --- a malformed first line is data, not a header to drop in silence ------------------------
    "el_first_line_bad_weight.txt": b"1 2 1O\n2 3 1\n3 1 1\n",
    "el_first_line_dash_weight.txt": b"1 2 -\n2 3 1\n3 1 1\n",
    "el_first_line_huge_weight.txt": b"1 2 1e400\n2 3 1\n3 1 1\n",
    "el_first_line_hex_weight.csv": b"1,2,0x10\n2,3,1\n3,1,1\n",
    "el_first_line_negative_id.txt": b"-1 2\n2 3\n3 1\n",
    "el_first_line_real_id.txt": b"1.5 2\n2 3\n3 1\n",
    # --- a header that names a column twice is refused, not read in silence --------------------
    "el_duplicate_header.csv": b"src,src,w\n1,2,1\n2,3,1\n",
    # --- UTF-16 and UTF-32 text (a byte order mark spgraph does not read), refused by name ------
    "el_utf16.txt": "1 2\n2 3\n3 1\n".encode("utf-16"),
    "mm_utf16be.mtx": b"\xfe\xff" + (MM_REAL + b"3 3 1\n1 2 1.0\n").decode().encode("utf-16-be"),
    "metis_utf32.graph.gz": gz(METIS_OK.decode().encode("utf-32")),
}

# Edgy but legal inputs (tests/hostile/accept/): every subcommand must succeed on them.
ACCEPTED = {
    # +-inf are values (docs/cli.md; loaders/value_rules.hpp): min-plus uses inf for "no path".
    "mm_inf.mtx": MM_REAL + b"3 3 2\n1 2 inf\n2 3 1.5\n",
    "mm_neg_inf.mtx.gz": gz(MM_REAL + b"3 3 2\n1 2 1.5\n2 3 -Infinity\n"),
    "el_inf_weight.txt": b"1 2 inf\n2 3 1\n",
    "el_neg_inf_weight.csv": b"0,1,1\n1,2,-inf\n",
    "binary_inf.bin": spg(3, 3, [0, 1, 2, 2], [1, 2], [math.inf, 1.0], vtype=FLOAT),
    "binary_neg_inf.bin.gz": gz(spg(3, 3, [0, 1, 2, 2], [1, 2], [2.0, -math.inf])),
    # Graphs with vertices but no edges (after self-loops are set aside).
    "mm_no_entries.mtx": MM_PATTERN + b"3 3 0\n",
    "mm_self_loops_only.mtx": MM_REAL + b"3 3 2\n1 1 1.5\n2 2 2.5\n",
    "metis_isolated.graph": b"3 0\n\n\n\n",
    "el_header_isolated.txt": b"# spgraph edge list: vertices=4 base=0\n0 0\n",
    # CRLF line endings are fine (CR-only is not).
    "el_crlf.txt": ELIST_OK.replace(b"\n", b"\r\n"),
    "mm_crlf.mtx.gz": gz((MM_REAL + b"3 3 2\n1 2 1.0\n2 3 2.0\n").replace(b"\n", b"\r\n")),
    "metis_crlf.graph": METIS_OK.replace(b"\n", b"\r\n"),
    # Concatenated gzip members are one stream (gzip(1) reads them so).
    "el_two_members.txt.gz": gz(b"0 1\n") + gz(b"1 2\n2 0\n"),
    # A UTF-8 byte order mark is an encoding marker, not content (loaders/load.cpp).
    "el_bom.txt": b"\xef\xbb\xbf" + ELIST_OK,
    "mm_bom.mtx": b"\xef\xbb\xbf" + MM_REAL + b"3 3 1\n1 2 1.0\n",
    "metis_bom.graph.gz": gz(b"\xef\xbb\xbf" + METIS_OK),
    "updates_bom.txt": b"\xef\xbb\xbf+ 1 2\n+ 2 3\n+ 3 4\n",
    # Update streams: CRLF endings, comments, blank lines, inf weights, concatenated gzip.
    "updates_crlf.txt": (UPD + b"\n% a comment\n? edges\n").replace(b"\n", b"\r\n"),
    "updates_inf_weight.txt.gz": gz(UPD + b"= 1 2 inf\n+ 4 5 -inf\n? triangles\n"),
    # A valid binary file (the layout the corpus's corrupt ones start from).
    "binary_ok.spg": SPG_OK,
}

# LDBC Graphalytics datasets (loaders/graphalytics.hpp), each NAME.properties + NAME.v + NAME.e
# in tests/hostile/graphalytics/; HOSTILE.tsv names them by their .properties file. One defect
# each, except ga_ok_edgy, which every command must accept.
def ga_properties(name, n, m, directed=True, weighted=True, extra=b""):
    g = b"graph." + name.encode() + b"."
    text = b"# Graphalytics dataset (tests/hostile/make_corpus.py)\n"
    text += g + b"vertex-file = " + name.encode() + b".v\n"
    text += g + b"edge-file = " + name.encode() + b".e\n"
    text += g + b"meta.vertices = %d\n" % n
    text += g + b"meta.edges = %d\n" % m
    text += g + b"directed = " + (b"true" if directed else b"false") + b"\n"
    if weighted:
        text += g + b"edge-properties.names = weight\n" + g + b"edge-properties.types = real\n"
    text += g + b"algorithms = bfs, pr, sssp, wcc\n" + g + b"bfs.source-vertex = 1\n"
    return text + extra


def ga(name, v, e, n=None, m=None, directed=True, weighted=True, properties=None):
    """The three files of dataset `name`; n and m default to the lines of v and e."""
    n = v.count(b"\n") if n is None else n
    m = e.count(b"\n") if m is None else m
    props = ga_properties(name, n, m, directed, weighted) if properties is None else properties
    out = {name + ".properties": props, name + ".v": v}
    if e is not None:
        out[name + ".e"] = e
    return out


GA_V = b"1\n2\n3\n"
GRAPHALYTICS = {}
for _files in [
    ga("ga_unknown_vertex", GA_V, b"1 2 0.5\n2 9 1.0\n"),
    ga("ga_duplicate_vertex", b"1\n2\n1\n", b"1 2 0.5\n"),
    ga("ga_bad_id", b"1\nx\n3\n", b"1 3 0.5\n"),
    ga("ga_negative_id", GA_V, b"1 2 0.5\n-1 2 1.0\n"),
    ga("ga_meta_vertices", GA_V, b"1 2 0.5\n", n=4),
    ga("ga_meta_edges", GA_V, b"1 2 0.5\n2 3 1.5\n", m=3),
    ga("ga_self_loop", GA_V, b"1 2 0.5\n3 3 1.0\n"),
    ga("ga_repeated_edge", GA_V, b"1 2 0.5\n2 3 1.0\n2 1 0.5\n", directed=False),
    ga("ga_missing_weight", GA_V, b"1 2 0.5\n2 3\n"),
    ga("ga_nan_weight", GA_V, b"1 2 0.5\n2 3 nan\n"),
    ga("ga_too_many_fields", GA_V, b"1 2\n2 3 7\n", weighted=False),
    ga("ga_missing_edge_file", GA_V, None, m=1),
    ga("ga_missing_key", GA_V, b"1 2 0.5\n",
       properties=ga_properties("ga_missing_key", 3, 1).replace(
           b"graph.ga_missing_key.edge-file = ga_missing_key.e\n", b"")),
    ga("ga_bad_directed", GA_V, b"1 2 0.5\n",
       properties=ga_properties("ga_bad_directed", 3, 1).replace(b"= true", b"= sometimes")),
    ga("ga_bad_escape", GA_V, b"1 2 0.5\n",
       properties=ga_properties("ga_bad_escape", 3, 1, extra=b"graph.ga_bad_escape.x = \\u12zz\n")),
    ga("ga_include", GA_V, b"1 2 0.5\n",
       properties=b"include = ga_ok_edgy.properties\n" + ga_properties("ga_include", 3, 1)),
    ga("ga_utf16", GA_V, b"1 2 0.5\n",
       properties=b"\xff\xfe" + b"".join(bytes([c, 0]) for c in ga_properties("ga_utf16", 3, 1))),
    # Accepted: CRLF, a byte order mark, comments and blank lines, sparse ids out of order, an
    # isolated vertex (40), an undirected edge listed once in each of its directions' orders.
    ga("ga_ok_edgy", b"\xef\xbb\xbf# ids\r\n30\r\n1\r\n\r\n40\r\n7\r\n",
       b"# edges\r\n1 30 0.25\r\n\r\n7\t1 2\r\n30 7 1e-3\r\n", n=4, m=3, directed=False),
]:
    GRAPHALYTICS.update(_files)


def ga_seed(name):
    """A fuzz input for fuzz_graphalytics: the dataset's three files joined by NUL bytes."""
    return b"\0".join(GRAPHALYTICS[name + ext] for ext in (".properties", ".v", ".e"))


# Seed corpus for the libFuzzer targets (tests/fuzz/corpus/<target>/): a few tiny valid and
# invalid inputs each; the fuzz tests also read tests/data and tests/data/bad.
MM_SYM = b"%%MatrixMarket matrix coordinate pattern symmetric\n"
UPDATES_OK = b"# stream\n+ 1 2\n+ 2 3 0.5\n= 1 2 2\n- 2 3\n? bfs 1\n? degree 2\n? edges\n? triangles\n"
SEEDS = {
    "matrix_market": {
        "real_general.mtx": MM_REAL + b"% c\n3 3 2\n1 2 1.5\n3 1 -2e3\n",
        "pattern_symmetric.mtx": MM_SYM + b"3 3 2\n2 1\n3 2\n",
        "integer_skew.mtx": b"%%MatrixMarket matrix coordinate integer skew-symmetric\n3 3 1\n2 1 4\n",
        "array_real.mtx": b"%%MatrixMarket matrix array real general\n2 2\n1\n0\n2.5\n3\n",
        "graphblas_uint8.mtx": b"%%MatrixMarket matrix coordinate integer general\n"
        b"%%GraphBLAS type uint8_t\n2 2 1\n1 1 255\n",
        "empty_0x0.mtx": MM_PATTERN + b"0 0 0\n",
        "no_banner.mtx": b"3 3 1\n1 2 1.0\n",
        "bad_nan.mtx": MM_REAL + b"2 2 1\n1 1 nan\n",
        "bad_huge.mtx": MM_PATTERN + b"3000000000 3000000000 1\n1 1\n",
        "bad_cr_only.mtx": MM_REAL.replace(b"\n", b"\r") + b"2 2 1\r1 1 1\r",
        "gzip.mtx.gz": gz(MM_REAL + b"2 2 1\n1 2 1.0\n"),
    },
    "edge_list": {
        "plain.txt": b"0 1\n1 2\n2 0\n",
        "weighted.tsv": b"# weighted\n1\t2\t0.5\n2\t3\t-1e-3\n",
        "commas.csv": b"1,2\n2, 3\n",
        "header.txt": b"# spgraph edge list: vertices=5 base=0 undirected\n0 1\n3 4\n",
        "header_external.txt": b"# spgraph edge list: ids=external\n100 7\n7 42\n",
        "lightgraphs.txt": b"3,2,u,graph\n1,2\n2,3\n",
        "crlf.txt": b"0 1\r\n1 2\r\n",
        "bad_mixed.txt": b"0 1 0.5\n1 2\n",
        "bad_huge_id.txt": b"0 1\n1 3000000000\n",
        "bad_comments_only.txt": b"# nothing\n% here\n",
        "gzip.txt.gz": gz(b"0 1\n1 2\n"),
    },
    "metis": {
        "path.graph": METIS_OK,
        "ring.graph": b"% ring\n4 4\n2 4\n1 3\n2 4\n3 1\n",
        "edge_weights.graph": b"3 2 1\n2 5\n1 5 3 7\n2 7\n",
        "vertex_weights.graph": b"3 2 011 2\n1 2 2 5\n3 4 1 5 3 7\n5 6 2 7\n",
        "isolated.graph": b"3 0\n\n\n\n",
        "bad_asymmetric.graph": b"3 2\n2 3\n1\n2\n",
        "bad_weights.graph": b"3 2 1\n2 5\n1 6 3 7\n2 7\n",
        "gzip.graph.gz": gz(METIS_OK),
    },
    "binary": {
        "double.spg": SPG_OK,
        "pattern_symmetric.spg": spg(3, 3, [0, 1, 3, 4], [1, 0, 2, 1], None, BOOL, F_PATTERN | F_SYMMETRIC),
        "int32.spg": spg(2, 3, [0, 2, 3], [0, 2, 1], [7, -1, 3], INT32),
        "int64.spg": spg(2, 2, [0, 1, 1], [1], [1 << 40], INT64),
        "bool.spg": spg(2, 2, [0, 1, 2], [1, 0], [1, 1], BOOL),
        "float.spg": spg(2, 2, [0, 1, 1], [0], [0.25], FLOAT),
        "empty.spg": spg(0, 0, [0], [], []),
        "bad_symmetric_lie.spg": spg(3, 3, [0, 1, 2, 2], [1, 2], None, BOOL, F_PATTERN | F_SYMMETRIC),
        "bad_nan.spg": spg(3, 3, [0, 1, 2, 2], [1, 2], [1.0, math.nan]),
        "bad_crc.spg": spg(2, 2, [0, 1, 1], [1], [1.0], crc=False),
        "gzip.spg.gz": gz(SPG_OK),
    },
    "update_stream": {
        "records.txt": UPDATES_OK,
        "crlf.txt": UPDATES_OK.replace(b"\n", b"\r\n"),
        "tabs.txt": b"+\t1\t2\n-\t1\t2\n?\tedges\n",
        "bad_lines.txt": b"+ 1\n* 1 2\n+1 2\n= 1 2\n- 1 2 3\n? closeness\n+ 1 2 nan\n+ -1 2\n",
        "bad_overflow.txt": b"+ 1 99999999999999999999\n= 1 2 1e999\n",
        "gzip.txt.gz": gz(UPDATES_OK),
        "gzip_junk.txt.gz": gz(UPDATES_OK) + b"JUNK",
        # Every query of kUpdateQueries (loaders/update_stream.hpp), knn in each of its forms.
        "queries.txt": b"? bfs 1\n? degree 2\n? edges\n? triangles\n? pagerank\n? sssp 3\n"
        b"? cc\n? knn 1\n? knn 2 5\n? knn 3 1 cosine\n? knn 4 18446744073709551615 adamic-adar\n",
        "bad_queries.txt": b"? knn\n? knn 1 0\n? knn 1 -2\n? knn 1 5 jaccard x\n? cc 1\n"
        b"? pagerank 1\n? sssp\n? bfs 1 2\n?knn 1\n",
        # Named vertices (UpdateStreamOptions::names, picked by the harness when size & 4): names,
        # numbers, a '+'-signed number, unicode, a name like a comment character.
        "names.txt": b"+ alice bob\n+ bob 0042 2.5\n= alice bob -inf\n- +7 bob\n"
        b"? knn alice 3 overlap\n? degree \xc3\xa9t\xc3\xa9\n? bfs #x\n+ a\rb c\n",
    },
    # Graphalytics datasets: .properties, vertex file and edge file joined by NUL bytes.
    "graphalytics": {
        "ok_edgy.txt": ga_seed("ga_ok_edgy"),
        "directed_unweighted.txt": ga_properties("g", 4, 3, weighted=False) + b"\0"
        b"10\n20\n30\n5\n\0" b"10 20\n20 30\n30 10\n",
        "two_properties.txt": ga_properties("g", 2, 1, weighted=False,
                                            extra=b"graph.g.edge-properties.names = t, w\n"
                                            b"graph.g.edge-properties.types = int, real\n"
                                            b"graph.g.sssp.weight-property = w\n")
        + b"\0" b"1\n2\n\0" b"1 2 -3 0.5\n",
        "bad_unknown_vertex.txt": ga_seed("ga_unknown_vertex"),
        "bad_repeated_edge.txt": ga_seed("ga_repeated_edge"),
        "bad_meta_edges.txt": ga_seed("ga_meta_edges"),
        "bad_escape.txt": ga_seed("ga_bad_escape"),
    },
}


def write_all(directory, files):
    os.makedirs(directory, exist_ok=True)
    for name, data in sorted(files.items()):
        assert len(data) <= 100_000, name
        path = os.path.join(directory, name)
        old = open(path, "rb").read() if os.path.exists(path) else None
        if old != data:
            with open(path, "wb") as f:
                f.write(data)
            print("wrote", os.path.relpath(path), len(data), "bytes")


def main():
    write_all(BAD, FILES)
    write_all(os.path.join(HERE, "accept"), ACCEPTED)
    write_all(os.path.join(HERE, "graphalytics"), GRAPHALYTICS)
    for target, files in SEEDS.items():
        write_all(os.path.join(HERE, "..", "fuzz", "corpus", target), files)


if __name__ == "__main__":
    main()
