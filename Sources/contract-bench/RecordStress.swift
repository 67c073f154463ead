import ContractJSON
import ContractReport
import ContractVerify
import Foundation

/// `contract-bench record-stress DIR COUNT`: appends COUNT recorded exchanges to a recording of this
/// process in DIR, from 4 threads at once. The concurrency test runs 8 of these side by side.
enum RecordStress {
    static func run(_ arguments: [String]) throws {
        guard arguments.count == 2, let count = Int(arguments[1]) else {
            throw BenchmarkMain.UsageError(description: "usage: contract-bench record-stress DIR COUNT")
        }
        let writer = try RecordingWriter(directory: URL(fileURLWithPath: arguments[0], isDirectory: true))
        let process = ProcessInfo.processInfo.processIdentifier
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in stride(from: thread, to: count, by: 4) {
                // A body large enough that a torn write would show.
                let body = HTTPBody(
                    text: "{\"process\": \(process), \"index\": \(index), \"pad\": \""
                        + String(repeating: "x", count: 4000) + "\"}")
                guard
                    let request = HTTPRequest(
                        method: "POST", url: "https://api.example.com/v1/items/\(index)", body: body)
                else { continue }
                let exchange = HTTPExchange(request: request, response: HTTPResponse(status: 201, body: body))
                writer.append(
                    TrafficEntry(
                        exchange: exchange, source: SourceLocation(file: "stress", position: .unknown),
                        startedAt: Date(), duration: 0.001, test: "stress:\(process):\(index)"))
            }
        }
    }
}
