#!/usr/bin/env python3
"""Write a validator benchmark fixture shaped like a real list response, heavy in formats.

    python3 Scripts/make-format-fixture.py DIR

DIR gets the layout of ../shared/bench (expected.json, schema in the 2020-12 and OpenAPI 3.0 dialects,
a valid and an invalid instance), so `contract-bench validate --bench-dir DIR` and the peers' script
read it alike. The response is a page of 30 issues of an issue tracker, as hosting APIs return them:
every item carries a dozen `format: uri` links, three `date-time`s, an `email` and a `uuid`, and a user
and labels with links of their own. Deterministic: the same bytes on every run.
"""
import json
import random
import sys
from pathlib import Path

STEM = "issue-list"
ITEMS = 30

URI = {"type": "string", "format": "uri"}
DATE_TIME = {"type": "string", "format": "date-time"}


def nullable(schema, dialect):
    if dialect == "2020-12":
        return {**schema, "type": [schema["type"], "null"]}
    return {**schema, "nullable": True}


def schema(dialect):
    user = {
        "type": "object",
        "required": ["login", "id", "avatar_url", "url", "html_url", "followers_url", "repos_url", "email"],
        "properties": {
            "login": {"type": "string", "minLength": 1},
            "id": {"type": "integer", "format": "int64"},
            "avatar_url": URI,
            "url": URI,
            "html_url": URI,
            "followers_url": URI,
            "repos_url": URI,
            "email": {"type": "string", "format": "email"},
            "site_admin": {"type": "boolean"},
        },
    }
    label = {
        "type": "object",
        "required": ["id", "url", "name", "color"],
        "properties": {
            "id": {"type": "integer"},
            "url": URI,
            "name": {"type": "string"},
            "color": {"type": "string", "pattern": "^[0-9a-f]{6}$"},
            "default": {"type": "boolean"},
        },
    }
    issue = {
        "type": "object",
        "required": ["id", "node_id", "url", "repository_url", "html_url", "number", "state", "title", "user",
                     "labels", "created_at", "updated_at", "closed_at"],
        "properties": {
            "id": {"type": "integer", "format": "int64"},
            "node_id": {"type": "string", "format": "uuid"},
            "url": URI,
            "repository_url": URI,
            "labels_url": URI,
            "comments_url": URI,
            "events_url": URI,
            "html_url": URI,
            "timeline_url": URI,
            "number": {"type": "integer", "minimum": 1},
            "state": {"type": "string", "enum": ["open", "closed"]},
            "title": {"type": "string"},
            "body": nullable({"type": "string"}, dialect),
            "user": user,
            "labels": {"type": "array", "items": label},
            "comments": {"type": "integer", "minimum": 0},
            "created_at": DATE_TIME,
            "updated_at": DATE_TIME,
            "closed_at": nullable(DATE_TIME, dialect),
            "author_association": {"type": "string", "enum": ["OWNER", "MEMBER", "CONTRIBUTOR", "NONE"]},
        },
    }
    document = {"type": "array", "items": issue}
    if dialect == "2020-12":
        document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return document


def timestamp(rng):
    return "2026-%02d-%02dT%02d:%02d:%02dZ" % (rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23),
                                               rng.randint(0, 59), rng.randint(0, 59))


def instance(rng):
    api = "https://api.tracker.example.com"
    web = "https://tracker.example.com"
    items = []
    for number in range(1, ITEMS + 1):
        repo = f"{api}/repos/octo-org/widgets"
        login = f"user{rng.randint(1, 9999)}"
        issue_url = f"{repo}/issues/{number}"
        closed = rng.random() < 0.4
        items.append({
            "id": rng.randint(10**9, 10**10),
            "node_id": "%08x-%04x-4%03x-a%03x-%012x" % (rng.getrandbits(32), rng.getrandbits(16),
                                                        rng.getrandbits(12), rng.getrandbits(12),
                                                        rng.getrandbits(48)),
            "url": issue_url,
            "repository_url": repo,
            "labels_url": f"{issue_url}/labels",
            "comments_url": f"{issue_url}/comments",
            "events_url": f"{issue_url}/events",
            "html_url": f"{web}/octo-org/widgets/issues/{number}",
            "timeline_url": f"{issue_url}/timeline?per_page=100&page=1",
            "number": number,
            "state": "closed" if closed else "open",
            "title": f"Widget {number} fails to render on resize",
            "body": None if rng.random() < 0.2 else "Steps: open the widget, resize the window. Expected: no crash.",
            "user": {
                "login": login,
                "id": rng.randint(1, 10**8),
                "avatar_url": f"https://avatars.tracker.example.com/u/{rng.randint(1, 10**8)}?v=4",
                "url": f"{api}/users/{login}",
                "html_url": f"{web}/{login}",
                "followers_url": f"{api}/users/{login}/followers",
                "repos_url": f"{api}/users/{login}/repos",
                "email": f"{login}@mail.example.com",
                "site_admin": False,
            },
            "labels": [
                {"id": rng.randint(1, 10**6), "url": f"{repo}/labels/{name}", "name": name,
                 "color": "%06x" % rng.getrandbits(24), "default": name == "bug"}
                for name in rng.sample(["bug", "ui", "help-wanted", "regression"], 2)
            ],
            "comments": rng.randint(0, 40),
            "created_at": timestamp(rng),
            "updated_at": timestamp(rng),
            "closed_at": timestamp(rng) if closed else None,
            "author_association": rng.choice(["OWNER", "MEMBER", "CONTRIBUTOR", "NONE"]),
        })
    return items


def count_formats(value, schema, counts=None):
    """How many values of the instance each format checks."""
    counts = {} if counts is None else counts
    if value is None:
        return counts
    if "format" in schema and isinstance(value, str):
        counts[schema["format"]] = counts.get(schema["format"], 0) + 1
    if isinstance(value, dict):
        for key, member in value.items():
            count_formats(member, schema.get("properties", {}).get(key, {}), counts)
    if isinstance(value, list):
        for member in value:
            count_formats(member, schema.get("items", {}), counts)
    return counts


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(20261127)
    valid = instance(rng)
    invalid = json.loads(json.dumps(valid))
    # Known errors, one per format family a list response leans on.
    invalid[3]["html_url"] = "https://tracker.example.com/octo org/widgets"
    invalid[11]["updated_at"] = "2026-13-01T10:00:00Z"
    invalid[17]["user"]["avatar_url"] = "avatars/17"
    errors = [
        {"at": "/3/html_url", "keyword": "format", "detail": "space in a uri"},
        {"at": "/11/updated_at", "keyword": "format", "detail": "month 13"},
        {"at": "/17/user/avatar_url", "keyword": "format", "detail": "relative reference where uri expected"},
    ]
    compact = {"separators": (",", ":")}
    files = {
        f"{STEM}.schema.2020-12.json": json.dumps(schema("2020-12"), indent=1),
        f"{STEM}.schema.oas.json": json.dumps(schema("oas"), indent=1),
        f"{STEM}.valid.json": json.dumps(valid, **compact),
        f"{STEM}.invalid.json": json.dumps(invalid, **compact),
    }
    for name, text in files.items():
        (folder / name).write_text(text)
    expected = {"fixtures": {STEM: {
        "part": "response 200 application/json: a page of issues",
        "schema": {"2020-12": f"{STEM}.schema.2020-12.json", "oas": f"{STEM}.schema.oas.json"},
        "valid": f"{STEM}.valid.json", "invalid": f"{STEM}.invalid.json", "errors": errors,
        "format_values": count_formats(valid, schema("2020-12")),
    }}}
    (folder / "expected.json").write_text(json.dumps(expected, indent=1))


if __name__ == "__main__":
    main()
