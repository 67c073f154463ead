/// Every hostile input class `contract-check` is run on, with its outcome and its bounds (RELIABILITY.md
/// lists the same classes for users).
extension HostileInput {
    typealias Text = HostileText

    static let contractFiles: [HostileInput] = [
        HostileInput(
            name: "a JSON contract nested 100,000 levels is one error, not a stack overflow",
            files: { ["deep.json": Text.nested(100_000)] }, arguments: ["lint", "@deep.json"], status: 1,
            contains: ["error: invalid JSON: nesting deeper than 1000 levels; flatten the document"],
            excludes: ["JSONParser", "swift_", "Fatal error"], occurrences: 1),
        HostileInput(
            name: "a YAML contract nested 100,000 flow levels is one error naming no C function",
            files: { ["deep.yaml": Text.nested(100_000)] }, arguments: ["lint", "@deep.yaml"], status: 1,
            contains: ["error: nesting deeper than 1000 levels; flatten the document"],
            excludes: ["yaml_", "swift_", "Fatal error"], occurrences: 1),
        HostileInput(
            name: "a YAML contract nested 100,000 block levels is one error",
            files: { ["block.yaml": Text.bytes(String(repeating: "- ", count: 100_000) + "x\n")] },
            arguments: ["lint", "@block.yaml"], status: 1,
            contains: ["error: nesting deeper than 1000 levels; flatten the document"], excludes: ["yaml_"]),
        HostileInput(
            name: "a YAML alias bomb is refused before it expands",
            files: { ["bomb.yaml": Text.aliasBomb] }, arguments: ["lint", "@bomb.yaml"], status: 1,
            contains: ["aliases expand this YAML far beyond the size of the file (an alias bomb?)"]),
        HostileInput(
            name: "a contract with 1,000,000 zeros and no aliases is read",
            files: {
                let zeros = Array(repeating: "0", count: 1_000_000).joined(separator: ",")
                return ["zeros.yaml": Text.contract("x-zeros: [" + zeros + "]\n")]
            },
            arguments: ["lint", "@zeros.yaml"], status: 0, contains: ["0 errors, 0 warnings"], cpuSeconds: 30),
        HostileInput(
            name: "a YAML contract starting with a UTF-8 byte-order mark loads",
            files: { ["bom.yaml": [0xEF, 0xBB, 0xBF] + Text.contract()] }, arguments: ["lint", "@bom.yaml"],
            status: 0, contains: ["0 errors, 0 warnings"]),
        HostileInput(
            name: "a contract that is not UTF-8 is one error with the byte and its offset",
            files: { ["latin1.yaml": Text.contract("x-name: caf") + [0xE9, 0x0A]] },
            arguments: ["lint", "@latin1.yaml"],
            status: 1, contains: ["error: the file is not UTF-8 (byte 0xE9 at offset"]),
        HostileInput(
            name: "a NUL byte in a YAML contract is an error",
            files: { ["nul.yaml": Text.contract("x-name: 'a") + [0] + Text.bytes("b'\n")] },
            arguments: ["lint", "@nul.yaml"],
            status: 1, contains: ["error: invalid YAML: control characters are not allowed"]),
        HostileInput(
            name: "a NUL byte in a JSON contract's string is an error",
            files: { ["nul.json": Text.bytes(#"{"openapi": "3.1.0", "x": "a"#) + [0] + Text.bytes(#""}"#)] },
            arguments: ["lint", "@nul.json"], status: 1,
            contains: ["error: invalid JSON: control character 0x0 in a string must be escaped"]),
        HostileInput(
            name: "a key written twice in a JSON contract is an error, as in YAML",
            files: { ["twice.json": Text.bytes(#"{"openapi": "3.1.0", "openapi": "3.0.0"}"#)] },
            arguments: ["lint", "@twice.json"], status: 1, contains: ["duplicate key 'openapi' in an object"]),
        HostileInput(
            name: "a $ref out of the contract's folder is refused once",
            files: {
                ["escape.yaml": Text.contract("components:\n  schemas:\n    Out: {$ref: '../../../../etc/passwd'}\n")]
            },
            arguments: ["lint", "@escape.yaml"], status: 1, contains: ["leaves the contract folder"], occurrences: 1),
        HostileInput(
            name: "a $ref chain of 100,000 schemas lints",
            files: { ["chain.yaml": Text.referenceChain(100_000)] }, arguments: ["lint", "@chain.yaml"], status: 0,
            contains: ["1 operations, 0 errors, 0 warnings"], cpuSeconds: 60, memoryMiB: 1024),
        HostileInput(
            name: "an instance validates through a $ref chain of 100,000 schemas without \"nested too deep\"",
            files: { ["chain.yaml": Text.referenceChain(100_000), "long.json": Text.bytes(#""abcd""#)] },
            arguments: ["validate", "--contract", "@chain.yaml", "--schema", "#/components/schemas/S0", "@long.json"],
            status: 1, contains: ["(#/components/schemas/S99999/maxLength)"], excludes: ["too deep"],
            cpuSeconds: 60, memoryMiB: 1024),
    ]

    static let instancesAndExamples: [HostileInput] = [
        HostileInput(
            name: "numbers of 100,000 digits and exponents of a billion compare without overflow",
            files: {
                [
                    "max.json": Text.bytes(#"{"type": "integer", "maximum": 10}"#),
                    "digits.json": Text.bytes(String(repeating: "9", count: 100_000)),
                    "exponent.json": Text.bytes("1e999999999"),
                ]
            },
            arguments: ["validate", "--schema", "@max.json", "@digits.json", "@exponent.json"], status: 1,
            contains: [
                "expected a number at most 10, got integer 999999999",
                "expected a number at most 10, got integer 1e999999999",
            ]),
        HostileInput(
            name: "a backtracking pattern against 100,000 characters stops at its step budget",
            files: {
                [
                    "pattern.json": Text.bytes(#"{"type": "string", "pattern": "^(a+)+$"}"#),
                    "long.json": Text.bytes("\"" + String(repeating: "a", count: 100_000) + "b\""),
                ]
            },
            arguments: ["validate", "--schema", "@pattern.json", "@long.json"], status: 1,
            contains: ["got undecided after 100000 regex steps (pattern backtracks too much)"]),
        HostileInput(
            name: "a pattern that repeats an empty group 10^8 times is refused when the contract is linted",
            files: {
                let schema = "{type: string, pattern: '(?:(?:){10000}){10000}'}"
                return ["api.yaml": Text.bytes(Text.oneOperation(schema: schema))]
            },
            arguments: ["lint", "@api.yaml"], status: 1, contains: ["pattern too large once expanded"]),
        HostileInput(
            name: "an instance nested 100,000 levels is refused with its line and column",
            files: { ["any.json": Text.bytes("{}"), "deep.json": Text.nested(100_000)] },
            arguments: ["validate", "--schema", "@any.json", "@deep.json"], status: 64,
            contains: ["1:1001: error: invalid JSON: nesting deeper than 1000 levels"]),
        HostileInput(
            name: "an example for a minLength and a minItems of a billion is refused, not built",
            files: {
                [
                    "huge.yaml": Text.bytes(
                        Text.oneOperation(
                            schema: "{type: object, required: [s, a], properties: {"
                                + "s: {type: string, minLength: 1000000000}, "
                                + "a: {type: array, minItems: 1000000000, items: {type: string}}}}"))
                ]
            },
            arguments: ["example", "@huge.yaml", "--operation", "getX"], status: 1,
            contains: ["error: no value satisfying the schema was found"], memoryMiB: 512),
    ]

    /// A case verifying one traffic file, `name`, against `HostileText.uploadContract`.
    static func verifying(
        _ title: String, file name: String, status: Int32, contains: [String], excludes: [String] = [],
        options: [String] = [], content: @escaping @Sendable () -> [UInt8]
    ) -> HostileInput {
        HostileInput(
            name: title, files: { ["api.yaml": Text.uploadContract, name: content()] },
            arguments: ["verify", "--contract", "@api.yaml"] + options + ["@" + name], status: status,
            contains: contains, excludes: excludes)
    }

    /// One recorded exchange the upload contract accepts.
    static let acceptedLine = Text.recordingLine(
        body: Text.bytes("{}"), contentType: "application/json", query: "?api_key=abc")

    static let traffic: [HostileInput] = [
        verifying(
            "a multipart body whose closing boundary never comes is one violation", file: "open.jsonl", status: 1,
            contains: ["request body: expected a multipart body framed by --XB, got 1 delimiter(s)"]
        ) {
            let body =
                Text.bytes("--XB\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\n")
                + Array(repeating: UInt8(ascii: "x"), count: 1_000_000)
            return Text.bytes(Text.recordingLine(body: body, contentType: "multipart/form-data; boundary=XB") + "\n")
        },
        verifying(
            "a recorded JSON body nested 100,000 levels is a violation, not a crash", file: "deep.jsonl", status: 1,
            contains: ["expected valid JSON (application/json): 1:1001: nesting deeper than 1000 levels"]
        ) {
            Text.bytes(Text.recordingLine(body: Text.nested(100_000), contentType: "application/json") + "\n")
        },
        verifying(
            "a HAR file nested 100,000 levels is one error", file: "deep.har", status: 1,
            contains: ["error: invalid JSON: nesting deeper than 1000 levels"]
        ) {
            Text.bytes(#"{"log": {"entries": "#) + Text.nested(100_000) + Text.bytes("}}")
        },
        verifying(
            "a broken line inside a recording is an error with its file and line", file: "broken.jsonl", status: 1,
            contains: ["broken.jsonl:2:1: error: not a recorded exchange"]
        ) {
            Text.bytes(acceptedLine + "\nnot json\n" + acceptedLine + "\n")
        },
        verifying(
            "a torn last line of a recording is skipped and counted", file: "torn.jsonl", status: 0,
            contains: ["1 exchanges; 1 torn recording lines skipped"]
        ) {
            Text.bytes(acceptedLine + "\n" + acceptedLine.prefix(40))
        },
        verifying(
            "cookie, API key and --redact values never reach the output", file: "secrets.jsonl", status: 1,
            contains: ["[upload] POST /upload request"],
            excludes: ["hunter2-body-secret", "query-secret-123", "cookie-secret-456"],
            options: ["--redact", "password"]
        ) {
            let line = Text.recordingLine(
                body: Text.bytes(#"{"password": "hunter2-body-secret"}"#), contentType: "application/json",
                query: "?api_key=query-secret-123", headers: [("Cookie", "session=cookie-secret-456")])
            return Text.bytes(line + "\n")
        },
    ]
}
