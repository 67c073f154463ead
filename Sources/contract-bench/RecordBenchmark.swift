import ContractJSON
import ContractReport
import ContractVerify
import Foundation

/// `contract-bench record [--count N]`: the cost the recording adds to each exchange, for an exchange shaped
/// like the fake-backend benchmark's: a 200-byte JSON request and a 2 KB JSON response with the usual
/// headers, appended 50 µs apart (the fake backend takes more than 100 µs an exchange, so its appends are
/// never closer) to a file in a temporary folder. On the request path: thread CPU time per
/// `RecordingWriter.append`, the median of 5 runs of N appends (default 20,000). In all: that, and the CPU
/// time of the writer queue's threads for N more appends (building the lines, the `write(2)`s, the wakes).
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
        let perExchange = medianAndMinimum(count) {
            spin(microseconds: 50)
            return { writer.append(entry) }
        }
        writer.flush()
        // The writer queue's CPU time: the process's less this thread's, both from the kernel's CPU clocks (not
        // `getrusage`, which samples at the scheduler's tick: the writer runs in bursts shorter than a tick).
        let (process, thread) = (processCPUSeconds(), InterceptionBenchmark.threadCPUSeconds())
        for _ in 0..<count {
            spin(microseconds: 50)
            writer.append(entry)
        }
        writer.flush()
        let writing = (processCPUSeconds() - process) - (InterceptionBenchmark.threadCPUSeconds() - thread)
        let inAll = perExchange.median + writing * 1e6 / Double(count)
        var lineBytes = 0
        let lineOnly = medianAndMinimum(count) { { lineBytes &+= Recording.line(for: entry).utf8.count } }
        let size = (try FileManager.default.attributesOfItem(atPath: writer.url.path)[.size] as? Int) ?? 0
        print(
            String(
                format: "recording: %.2f µs CPU per exchange on the request path (median of 5 x %d; min %.2f), "
                    + "%d bytes per line", perExchange.median, count, perExchange.minimum, size / (6 * count)))
        print(
            String(
                format: "in all: %.2f µs CPU per exchange (the request path, the line, the writes and the wakes)",
                inAll))
        print(String(format: "the line alone: %.2f µs (min %.2f)", lineOnly.median, lineOnly.minimum))
        ValidatorBenchmark.sink &+= lineBytes
    }

    /// The CPU time of every thread of this process so far, in seconds.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Spins until `microseconds` have passed on the monotonic clock (read without a system call).
    static func spin(microseconds: UInt64) {
        let start = DispatchTime.now().uptimeNanoseconds
        while DispatchTime.now().uptimeNanoseconds - start < microseconds * 1000 {}
    }

    /// Thread CPU microseconds per call of what `prepare` returns (`prepare` itself is not timed): median
    /// and minimum of 5 runs of `count` calls.
    static func medianAndMinimum(_ count: Int, _ prepare: () -> () -> Void) -> (
        median: Double, minimum: Double
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
