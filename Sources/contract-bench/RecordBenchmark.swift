import ContractJSON
import ContractReport
import ContractVerify
import Foundation

/// `contract-bench record [--count N]`: the cost the recording adds to each exchange on the request path,
/// as thread CPU time per `RecordingWriter.append` (building the line and its `write(2)`), for an exchange
/// shaped like the fake-backend benchmark's: a 200-byte JSON request and a 2 KB JSON response with the
/// usual headers. The median of 5 runs of N appends (default 20,000) to a file in a temporary folder.
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
        let perExchange = medianAndMinimum(count) { writer.append(entry) }
        var lineBytes = 0
        let lineOnly = medianAndMinimum(count) { lineBytes &+= Recording.line(for: entry).utf8.count }
        let size = (try FileManager.default.attributesOfItem(atPath: writer.url.path)[.size] as? Int) ?? 0
        print(
            String(
                format: "recording: %.2f µs CPU per exchange (median of 5 x %d; min %.2f), %d bytes per line",
                perExchange.median, count, perExchange.minimum, size / (5 * count)))
        print(String(format: "of which the line alone: %.2f µs (min %.2f)", lineOnly.median, lineOnly.minimum))
        ValidatorBenchmark.sink &+= lineBytes
    }

    /// Thread CPU microseconds per call of `body`: median and minimum of 5 runs of `count` calls.
    static func medianAndMinimum(_ count: Int, _ body: () -> Void) -> (median: Double, minimum: Double) {
        var perCall: [Double] = []
        for _ in 0..<5 {
            let start = InterceptionBenchmark.threadCPUSeconds()
            for _ in 0..<count { body() }
            perCall.append((InterceptionBenchmark.threadCPUSeconds() - start) * 1e6 / Double(count))
        }
        perCall.sort()
        return (perCall[2], perCall[0])
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
