import ContractJSON
import ContractSchema
import Foundation

/// Times the schema validator on the fixtures of `../shared/bench` (or any folder of the same layout,
/// such as the one `Scripts/make-format-fixture.py` writes), the way `peers.py` times the Python
/// validators: compile once, then 7 batches of about 0.25 s per row; microseconds per call. The
/// fixtures are the ones the folder's `expected.json` lists, in its order.
///
/// Arguments: `[--json] [--bench-dir DIR] [--batches N] [--batch-seconds S] [--only FIXTURE]
/// [--op OP] [--input INPUT] [--dialect DIALECT] [--kind KIND] [--calls N]` (the last five pick rows
/// and fix the number of calls per batch, for profiles and instruction counts).
enum ValidatorBenchmark {
    struct Row: Codable {
        var fixture: String
        var dialect: String
        var op: String
        var input: String
        var callsPerBatch: Int
        var min: Double
        var median: Double
        var max: Double
    }

    struct Options {
        var json = false
        var benchDirectory = "../shared/bench"
        var batches = 7
        var batchSeconds = 0.25
        var only: String?
        /// Only rows of this operation (`parse`, `isValid`, `validate`), for profiling one path.
        var op: String?
        /// Only rows of this input (`object`, `bytes`).
        var input: String?
        /// Only this dialect (`2020-12`, `oas`).
        var dialect: String?
        /// Only this copy of the fixtures (`valid`, `invalid`).
        var kind: String?
        /// A fixed number of calls per batch instead of calibrating, for counting instructions.
        var calls: Int?

        init(arguments: [String]) throws {
            var iterator = arguments.makeIterator()
            while let argument = iterator.next() {
                switch argument {
                case "--json": json = true
                case "--bench-dir": benchDirectory = try Self.value(&iterator, argument)
                case "--batches": batches = Int(try Self.value(&iterator, argument)) ?? batches
                case "--batch-seconds": batchSeconds = Double(try Self.value(&iterator, argument)) ?? batchSeconds
                case "--only": only = try Self.value(&iterator, argument)
                case "--op": op = try Self.value(&iterator, argument)
                case "--input": input = try Self.value(&iterator, argument)
                case "--dialect": dialect = try Self.value(&iterator, argument)
                case "--kind": kind = try Self.value(&iterator, argument)
                case "--calls": calls = Int(try Self.value(&iterator, argument))
                default: throw BenchmarkError(message: "unknown argument \(argument)")
                }
            }
        }

        private static func value(_ iterator: inout IndexingIterator<[String]>, _ name: String) throws -> String {
            guard let value = iterator.next() else { throw BenchmarkError(message: "\(name) needs a value") }
            return value
        }
    }

    struct BenchmarkError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Keeps results alive so the optimizer cannot drop the calls being timed.
    nonisolated(unsafe) static var sink = 0

    static func run(arguments: [String]) throws {
        let options = try Options(arguments: arguments)
        let folder = URL(fileURLWithPath: options.benchDirectory)
        var rows: [Row] = []
        let expected = try JSONParser.parse(Array(Data(contentsOf: folder.appendingPathComponent("expected.json"))))
        guard let fixtures = expected["fixtures"]?.objectValue?.keys else {
            throw BenchmarkError(message: "\(folder.path)/expected.json lists no fixtures")
        }
        for fixture in fixtures where options.only.map({ $0 == fixture }) ?? true {
            for (dialect, suffix) in [(SchemaDialect.draft2020_12, "2020-12"), (.oas30, "oas")]
            where options.dialect.map({ $0 == suffix }) ?? true {
                let schemaURL = folder.appendingPathComponent("\(fixture).schema.\(suffix).json")
                var registry = SchemaRegistry()
                registry.add(
                    try JSONParser.parse(Array(Data(contentsOf: schemaURL))), uri: schemaURL.absoluteString,
                    dialect: dialect)
                let schema = try CompiledSchema(registry: registry, uri: schemaURL.absoluteString)
                for kind in ["valid", "invalid"] where options.kind.map({ $0 == kind }) ?? true {
                    let bytes = Array(try Data(contentsOf: folder.appendingPathComponent("\(fixture).\(kind).json")))
                    let instance = try JSONParser.parse(bytes)
                    guard schema.isValid(instance) == (kind == "valid") else {
                        throw BenchmarkError(message: "\(fixture).\(kind) [\(suffix)] gave the wrong verdict")
                    }
                    let name = "\(fixture).\(kind)"
                    let measured: [(String, String, () -> Int)] = [
                        ("parse", "bytes", { (try? JSONParser.parse(bytes)) == nil ? 0 : 1 }),
                        ("isValid", "object", { schema.isValid(instance) ? 1 : 0 }),
                        // From bytes, validation reads as it goes (`isValid(json:)`, `validate(json:)`).
                        ("isValid", "bytes", { (try? schema.isValid(json: bytes)) == true ? 1 : 0 }),
                        ("validate", "object", { schema.validate(instance).count }),
                        ("validate", "bytes", { (try? schema.validate(json: bytes))?.count ?? 0 }),
                    ]
                    for (op, input, body) in measured {
                        if op == "parse", dialect != .draft2020_12, options.dialect == nil { continue }
                        if let only = options.op, only != op { continue }
                        if let only = options.input, only != input { continue }
                        let timing = time(
                            body, batches: options.batches, batchSeconds: options.batchSeconds, calls: options.calls)
                        rows.append(
                            Row(
                                fixture: name, dialect: suffix, op: op, input: input, callsPerBatch: timing.calls,
                                min: timing.min, median: timing.median, max: timing.max))
                        if !options.json {
                            FileHandle.standardError.write(Data("\(name) \(suffix) \(op) \(input)\n".utf8))
                        }
                    }
                }
            }
        }
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(rows), as: UTF8.self))
        } else {
            printTable(rows)
        }
    }

    static func time(_ body: () -> Int, batches: Int, batchSeconds: Double, calls fixed: Int?) -> (
        calls: Int, min: Double, median: Double, max: Double
    ) {
        // Calibrate: double the call count until one batch takes a tenth of the target.
        var calls = fixed ?? 1
        while fixed == nil {
            let seconds = measure(body, calls: calls)
            if seconds >= batchSeconds / 10 || calls >= 1 << 26 {
                calls = Swift.max(1, Int(Double(calls) * batchSeconds / Swift.max(seconds, 1e-9)))
                break
            }
            calls *= 2
        }
        var perCall: [Double] = []
        for _ in 0..<batches { perCall.append(measure(body, calls: calls) / Double(calls) * 1e6) }
        perCall.sort()
        return (calls, perCall[0], perCall[perCall.count / 2], perCall[perCall.count - 1])
    }

    static func measure(_ body: () -> Int, calls: Int) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        var total = 0
        for _ in 0..<calls { total &+= body() }
        sink &+= total
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func printTable(_ rows: [Row]) {
        func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
            let padding = String(repeating: " ", count: Swift.max(0, width - text.count))
            return right ? padding + text : text + padding
        }
        func number(_ value: Double) -> String { String(format: value < 100 ? "%.2f" : "%.0f", value) }
        print(
            pad("fixture", 26) + pad("dialect", 9) + pad("op", 10) + pad("input", 8)
                + pad("calls/batch", 12, right: true)
                + pad("min", 11, right: true) + pad("median", 11, right: true) + pad("max", 11, right: true))
        print(String(repeating: "-", count: 98))
        for row in rows {
            print(
                pad(row.fixture, 26) + pad(row.dialect, 9) + pad(row.op, 10) + pad(row.input, 8)
                    + pad(String(row.callsPerBatch), 12, right: true) + pad(number(row.min), 11, right: true)
                    + pad(number(row.median), 11, right: true) + pad(number(row.max), 11, right: true))
        }
    }
}
