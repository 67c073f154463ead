import ContractJSON
import ContractSchema
import Foundation

/// Times each asserted format on typical values: nanoseconds per string checked, through a compiled
/// `{"type": "string", "format": …}` schema, next to the same schema without a format (the floor).
///
/// Arguments: `[--seconds S]` per row (default 0.3).
enum FormatBenchmark {
    /// Values as real responses carry them, a handful per format, all valid.
    static let samples: [(format: String?, values: [String])] = [
        (nil, ["https://api.example.com/repos/octo-org/widgets/issues/17", "2026-11-27T10:15:00Z"]),
        (
            "uri",
            [
                "https://api.example.com/repos/octo-org/widgets/issues/17",
                "https://avatars.example.com/u/583231?v=4",
                "https://example.com/octo-org/widgets/issues/17#issuecomment-42",
                "mailto:someone@example.com",
            ]
        ),
        ("uri-reference", ["/repos/octo-org/widgets/issues/17/comments", "../labels?page=2", "#/components/schemas"]),
        ("date-time", ["2026-11-27T10:15:00Z", "2026-02-28T23:59:59.123+01:00"]),
        ("date", ["2026-11-27", "2024-02-29"]),
        ("email", ["octocat@example.com", "first.last+tag@mail.example.org"]),
        ("hostname", ["api.example.com", "a-1.b-2.example"]),
        ("ipv4", ["192.168.0.1", "10.0.255.254"]),
        ("ipv6", ["2001:db8::8a2e:370:7334", "::ffff:192.0.2.128", "fe80::1"]),
        ("uuid", ["3f9c1a2e-5b7d-4e8f-9a0b-1c2d3e4f5a6b"]),
    ]

    static func run(_ arguments: [String]) throws {
        var seconds = 0.3
        if let flag = arguments.firstIndex(of: "--seconds"), flag + 1 < arguments.count {
            seconds = Double(arguments[flag + 1]) ?? seconds
        }
        print("format          ns per value (median of 5)   values")
        for (format, values) in samples {
            let schema = try compiled(format: format)
            let instances = values.map { JSONValue.string($0) }
            guard instances.allSatisfy({ schema.isValid($0) }) else {
                throw BenchmarkMain.UsageError(description: "a sample of \(format ?? "string") is invalid")
            }
            let perValue = median(of: 5) { time(instances, schema, seconds: seconds / 5) }
            let name = (format ?? "(no format)").padding(toLength: 16, withPad: " ", startingAt: 0)
            print(name + String(format: "%8.1f", perValue) + "                     \(values.count)")
        }
    }

    static func compiled(format: String?) throws -> CompiledSchema {
        let text = format.map { #"{"type":"string","format":"\#($0)"}"# } ?? #"{"type":"string"}"#
        var registry = SchemaRegistry()
        let uri = "bench:format"
        registry.add(try JSONParser.parse(Array(text.utf8)), uri: uri, dialect: .draft2020_12)
        return try CompiledSchema(registry: registry, uri: uri)
    }

    /// Nanoseconds per value over repeated passes for about `seconds`.
    static func time(_ instances: [JSONValue], _ schema: CompiledSchema, seconds: Double) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = start + UInt64(seconds * 1e9)
        var checked = 0
        var valid = 0
        repeat {
            for _ in 0..<100 {
                for instance in instances where schema.isValid(instance) { valid &+= 1 }
            }
            checked += 100 * instances.count
        } while DispatchTime.now().uptimeNanoseconds < deadline
        ValidatorBenchmark.sink &+= valid
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(checked)
    }

    static func median(of runs: Int, _ body: () -> Double) -> Double {
        let results = (0..<runs).map { _ in body() }.sorted()
        return results[runs / 2]
    }
}
