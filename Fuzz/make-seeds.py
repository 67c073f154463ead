#!/usr/bin/env python3
"""Writes the fuzz targets' seed inputs into Fuzz/corpus/<target>/seed-*, from the repository's own
contracts and fixtures and, when present, the shared corpora (JSONTestSuite, the JSON Schema Test Suite).

Seeds are made, not committed: run it again at any time (it replaces the seeds and keeps what the
fuzzer added). Inputs with two parts (a schema and an instance, a pattern and a subject, two contract
files) join them with a NUL byte, as the targets split them."""
import base64
import glob
import json
import os
import re
import sys

FUZZ = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(FUZZ)
CORPORA = os.environ.get("CONTRACTCHECK_CORPORA", os.path.join(os.path.dirname(REPO), "shared", "corpora"))
DIALECT_BYTES = {"draft2020-12": b"\x00", "draft4": b"\x02"}

seeds = {}


def add(target, data):
    if isinstance(data, str):
        data = data.encode()
    if len(data) <= 64 * 1024:
        seeds.setdefault(target, []).append(data)


def read(path):
    with open(path, "rb") as handle:
        return handle.read()


contracts = sorted(
    glob.glob(os.path.join(REPO, "contracts", "**", "*.yaml"), recursive=True)
    + glob.glob(os.path.join(REPO, "Tests", "Fixtures", "**", "*.y*ml"), recursive=True)
)
common = b"components:\n  schemas:\n    Pet: {type: object, properties: {id: {type: integer}}}\n"
for path in contracts:
    add("yaml", read(path))
    add("references", read(path) + b"\x00" + common)
add(
    "references",
    b"openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /pets:\n    get:\n      responses:\n"
    b"        '200':\n          description: ok\n          content:\n            application/json:\n"
    b"              schema: {$ref: 'common.yaml#/components/schemas/Pet'}\n"
    b"components:\n  schemas:\n    Loop: {$ref: '#/components/schemas/Loop'}\n"
    b"    Out: {$ref: '../outside.yaml'}\n\x00" + common,
)
add("yaml", "a: &x [1, 2]\nb: *x\nc: !!str 3\nd: |\n  text\n---\n")
add("yaml", b"\xef\xbb\xbfkey: value\n")

for path in sorted(glob.glob(os.path.join(CORPORA, "json-test-suite", "test_parsing", "*.json"))):
    add("json", read(path))
for path in sorted(glob.glob(os.path.join(REPO, "contracts", "**", "*.json"), recursive=True)):
    add("json", read(path))
add("json", '{"a": [1, -0.5e+10, true, null, "\\u00e9\\ud83d\\ude00"], "b": {}}')

patterns = {"^[a-z]+$", "(a+)+$", "^(\\d{3})-\\1$", "(?=a)\\w*(?!b)", "[^\\s\\S]|\\p{L}", "a{2,5}?b|c*"}
for dialect, dialect_byte in DIALECT_BYTES.items():
    for path in sorted(glob.glob(os.path.join(CORPORA, "json-schema-test-suite", dialect, "*.json"))):
        for group in json.loads(read(path)):
            schema = json.dumps(group["schema"]).encode()
            for test in group["tests"][:2]:
                add("schema", dialect_byte + schema + b"\x00" + json.dumps(test["data"]).encode())
            if os.path.basename(path).startswith("pattern"):
                for test in group["tests"]:
                    if isinstance(group["schema"], dict) and isinstance(test["data"], str):
                        pattern = group["schema"].get("pattern")
                        if isinstance(pattern, str):
                            patterns.add(pattern)
# Patterns real contracts use, as written in their files (quoted in JSON or YAML).
written_pattern = re.compile(rb"""["']?pattern["']?\s*:\s*(["'])(.{1,200}?)\1""")
for path in sorted(
    glob.glob(os.path.join(REPO, "contracts", "**", "*.*"), recursive=True)
    + glob.glob(os.path.join(CORPORA, "real-world", "**", "*.*"), recursive=True)
):
    if path.endswith((".json", ".yaml", ".yml")):
        for match in written_pattern.finditer(read(path)):
            patterns.add(match.group(2).decode("utf-8", "replace").replace("\\\\", "\\"))
add("schema", b"\x01" + b'{"type": "object", "nullable": true, "properties": {"a": {"type": "string"}}}\x00null')
for pattern in sorted(patterns):
    add("regex", pattern.encode() + b"\x00" + b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!")
    add("sampler", pattern)

def recording_line(entry):
    """A HAR entry as a line of a recording (`Recording.line`'s layout)."""
    request, response = entry["request"], entry["response"]
    body = lambda text: base64.b64encode((text or "").encode()).decode()
    headers = lambda fields: [[field["name"], field["value"]] for field in fields]
    line = {
        "version": 1,
        "startedAt": entry.get("startedDateTime"),
        "request": {
            "method": request["method"],
            "url": request["url"],
            "headers": headers(request.get("headers", [])),
            "body": body(request.get("postData", {}).get("text")),
        },
        "response": {
            "status": response["status"],
            "headers": headers(response.get("headers", [])),
            "body": body(response.get("content", {}).get("text")),
        },
    }
    return json.dumps(line)


for path in sorted(glob.glob(os.path.join(REPO, "contracts", "*.har")) + glob.glob(os.path.join(REPO, "Tests", "Fixtures", "har", "*.har"))):
    har = json.loads(read(path))
    for entry in har["log"]["entries"]:
        add("har", json.dumps({"log": {"version": "1.2", "entries": [entry]}}))
        add("recording", recording_line(entry) + "\n")
    lines = [recording_line(entry) for entry in har["log"]["entries"][:3]]
    add("recording", "\n".join(lines) + '\n{"torn')
add("recording", '{"request":{"method":"POST","url":"/v1/pets","headers":[],"body":null},"failure":"timed out"}\n')

add("decoders", b"\x00expand[]=a&expand[]=b&created[gt]=1&created[lt]=2&ids[0]=3&customer_ids=1,2&limit=5")
add("decoders", b"\x01email=a%40b.c&metadata[order]=6735&items[0][price]=p&expand[]=x")
add(
    "decoders",
    b"\x02XyZ\n--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n"
    b"Content-Type: text/plain\r\n\r\nhello\r\n--XyZ\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\n"
    b"batch\r\n--XyZ\r\nContent-Disposition: form-data; name=\"file_link_data[create]\"\r\n\r\ntrue\r\n--XyZ--\r\n",
)
add("decoders", b"\x03B\n--B\r\nContent-Disposition: form-data; name=\"options\"\r\n\r\n{\"size\": 2}\r\n--B\r\n")

only = set(sys.argv[1:])
for target, inputs in sorted(seeds.items()):
    if only and target not in only:
        continue
    folder = os.path.join(FUZZ, "corpus", target)
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        if name.startswith("seed-"):
            os.remove(os.path.join(folder, name))
    for index, data in enumerate(inputs):
        with open(os.path.join(folder, "seed-%04d" % index), "wb") as handle:
            handle.write(data)
    print("%-10s %5d seeds" % (target, len(inputs)))
