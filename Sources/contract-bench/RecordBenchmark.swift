import ContractJSON
import ContractReport
import ContractVerify
import Foundation

/// `contract-bench record [--count N]`: the cost the recording adds to each exchange, for an exchange shaped
/// like the fake-backend benchmark's: a 200-byte JSON request and a 2 KB JSON response with the usual
/// headers. On the request path: thread CPU time per `RecordingWriter.append`, with appends 50 µs apart
/// (the fake backend takes more than 100 µs an exchange, so its appends are never closer), the median of
/// 5 runs of N appends (default 20,000) to a file in a temporary folder. Off it: the process's CPU time
/// for the same runs, the writer's line building and `write(2)`s included, less the request path's.
enum RecordBenchmark {
    static func run(_ arguments: [String]) throws {
        var count = 20_000
        if let flag = arguments.firstIndex(of: "--count"), flag + 1 < arguments.count {
            count = Int(arguments[flag + 1]) ?? count
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-bench-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = try RecordingWriter(directory: folder)
        let entry = try typicalEntry()
        let before = ProcessUsage.now()
        var spacing = 0.0
        let perExchange = medianAndMinimum(count) {
            let start = InterceptionBenchmark.threadCPUSeconds()
            while InterceptionBenchmark.threadCPUSeconds() - start < 50e-6 {}
            spacing += InterceptionBenchmark.threadCPUSeconds() - start
            return { writer.append(entry) }
        }
        writer.flush()
        let used = ProcessUsage.now() - before
        let wholeCost = ((used.user + used.system - spacing) * 1e6 - perExchange.total) / Double(5 * count)
        var lineBytes = 0
        let lineOnly = medianAndMinimum(count) { { lineBytes &+= Recording.line(for: entry).utf8.count } }
        let size = (try FileManager.default.attributesOfItem(atPath: writer.url.path)[.size] as? Int) ?? 0
        print(
            String(
                format: "recording: %.2f µs CPU per exchange on the request path (median of 5 x %d; min %.2f), "
                    + "%d bytes per line", perExchange.median, count, perExchange.minimum, size / (5 * count)))
        print(
            String(
                format: "off the request path: %.2f µs CPU per exchange (the line and its share of a write(2))",
                wholeCost))
        print(String(format: "the line alone: %.2f µs (min %.2f)", lineOnly.median, lineOnly.minimum))
        ValidatorBenchmark.sink &+= lineBytes
    }

    /// Thread CPU microseconds per call of what `prepare` returns (`prepare` itself is not timed): median
    /// and minimum of 5 runs of `count` calls, and the microseconds of all of them.
    static func medianAndMinimum(_ count: Int, _ prepare: () -> () -> Void) -> (
        median: Double, minimum: Double, total: Double
    ) {
        var perCall: [Double] = []
        for _ in 0..<5 {
            var seconds = 0.0
            for _ in 0..<count {
                let body = prepare()
                let start = InterceptionBenchmark.threadCPUSeconds()
                body()
                seconds += InterceptionBenchmark.threadCPUSeconds() - start
            }
            perCall.append(seconds * 1e6 / Double(count))
        }
        let total = perCall.reduce(0, +) * Double(count)
        perCall.sort()
        return (perCall[2], perCall[0], total)
    }

    static func typicalEntry() throws -> TrafficEntry {
        let requestBody =
            #"{"name":"Rex","tag":"dog","owner":{"id":42,"email":"owner@example.com"},"#
            + #""vaccinated":true,"birthday":"2020-04-01","notes":"Friendly, likes long walks in the park."}"#
        let item =
            #"{"id":1,"name":"Rex","tag":"dog","status":"available","photoUrls":["https://img.example.com/1.jpg"]}"#
        let responseBody = "[" + Array(repeating: item, count: 20).joined(separator: ",") + "]"
        guard
            let request = HTTPRequest(
                method: "POST", url: "https://api.example.com/v1/pets?dryRun=false",
                headers: [
                    "Content-Type": "application/json", "Accept": "application/json",
                    "Authorization": "Bearer abc.def.ghi", "User-Agent": "ClinicApp/1.0",
                ], body: HTTPBody(text: requestBody))
        else { throw BenchmarkMain.UsageError(description: "the sample request does not parse") }
        let response = HTTPResponse(
            status: 201, headers: ["Content-Type": "application/json", "X-Request-Id": "7f3a9c"],
            body: HTTPBody(text: responseBody))
        return TrafficEntry(
            exchange: HTTPExchange(request: request, response: response),
            source: SourceLocation(file: "contracts/petstore.yaml", position: .unknown), startedAt: Date(),
            duration: 0.0012, test: "Tests/ClientTests/PetTests.swift:42", contract: "contracts/petstore.yaml")
    }
}
