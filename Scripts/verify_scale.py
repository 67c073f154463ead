#!/usr/bin/env python3
"""Recordings for the verification-scale benchmark, and openapi-core verifying the same exchanges.

    verify_scale.py generate COUNT FILE CONTRACT   write COUNT recorded exchanges (JSON lines, as the fake
                                                   backend writes them) to FILE, made against CONTRACT
    verify_scale.py openapi-core COUNT CONTRACT    validate COUNT of the same requests and responses with
                                                   openapi-core's validate_request and validate_response,
                                                   and print the microseconds per exchange
    verify_scale.py unrouted COUNT FILE CONTRACT PATHS
                                                   write a contract of PATHS paths (/resource{i}/items/{id})
                                                   to CONTRACT, and COUNT recorded exchanges to FILE whose
                                                   paths have a typo (/resource{k}/itens/{k}), each another,
                                                   so that every verdict names the nearest documented paths

The contract is Tests/Fixtures/contracts/petstore.yaml: GET /pets/{petId} answered with a Pet. Each test
of the recording has its own server on a random localhost port, as tests with local servers do; every
hundredth response leaves out the pet's required name, so each run also reports violations.
"""
import base64
import json
import os
import sys
import time

PET = b'{"id":7,"name":"Rex"}'
NAMELESS = b'{"id":7}'


def exchange(index):
    """The request path, port and response body of exchange `index`."""
    return f"/api/pets/{index % 1000 + 1}", 40000 + (index // 50) % 20000, NAMELESS if index % 100 == 0 else PET


def generate(count, file, contract):
    contract = os.path.abspath(contract)
    bodies = {body: base64.b64encode(body).decode() for body in (PET, NAMELESS)}
    with open(file, "w") as out:
        for index in range(count):
            path, port, body = exchange(index)
            line = {
                "version": 1,
                "test": f"PetTests.swift:{index // 50 + 1}",
                "contract": contract,
                "options": {"baseURLs": [f"http://127.0.0.1:{port}/api"]},
                "request": {"method": "GET", "url": f"http://127.0.0.1:{port}{path}", "headers": [], "body": ""},
                "response": {
                    "status": 200,
                    "headers": [["Content-Type", "application/json"]],
                    "body": bodies[body],
                },
            }
            out.write(json.dumps(line, separators=(",", ":")) + "\n")


def openapi_core(count, contract):
    from openapi_core import OpenAPI
    from openapi_core.testing import MockRequest, MockResponse

    api = OpenAPI.from_file_path(contract)
    exchanges = []
    for index in range(count):
        path, _, body = exchange(index)
        request = MockRequest("https://petstore.example.com", "get", path)
        exchanges.append((request, MockResponse(body, status_code=200)))
    invalid = 0
    start = time.perf_counter()
    for request, response in exchanges:
        try:
            api.validate_request(request)
            api.validate_response(request, response)
        except Exception:
            invalid += 1
    elapsed = time.perf_counter() - start
    print(f"{elapsed / count * 1e6:.1f} us per exchange ({count} exchanges, {invalid} invalid)")


def unrouted(count, file, contract, paths):
    with open(contract, "w") as out:
        out.write("openapi: 3.1.0\ninfo: {title: wide, version: '1'}\n")
        out.write("servers: [{url: 'https://api.example.com'}]\npaths:\n")
        for index in range(paths):
            out.write(f"  /resource{index}/items/{{id}}:\n    get: {{responses: {{'200': {{description: ok}}}}}}\n")
    contract = os.path.abspath(contract)
    with open(file, "w") as out:
        for index in range(count):
            line = {
                "version": 1,
                "test": f"WideTests.swift:{index // 50 + 1}",
                "contract": contract,
                "request": {
                    "method": "GET",
                    "url": f"https://api.example.com/resource{index * 97 % paths}/itens/{index}",
                    "headers": [],
                    "body": "",
                },
                "response": {"status": 200, "headers": [], "body": ""},
            }
            out.write(json.dumps(line, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "generate":
        generate(int(sys.argv[2]), sys.argv[3], sys.argv[4])
    elif len(sys.argv) == 4 and sys.argv[1] == "openapi-core":
        openapi_core(int(sys.argv[2]), sys.argv[3])
    elif len(sys.argv) == 6 and sys.argv[1] == "unrouted":
        unrouted(int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5]))
    else:
        sys.exit(__doc__)
