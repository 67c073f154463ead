import ContractExamples
import ContractJSON
import ContractSpec
import Foundation

/// `contract-bench examples-dump CONTRACT [--seeds N]`: every generated body of a contract as JSON lines
/// (`{"schema": uri, "context": "request"|"response", "mode": …, "value": …}`), so that a script can check
/// them with another validator.
enum ExampleDump {
    static func run(_ arguments: [String]) throws {
        guard let path = arguments.first else { throw BenchmarkMain.UsageError(description: BenchmarkMain.usage) }
        var seeds = 20
        if let index = arguments.firstIndex(of: "--seeds"), index + 1 < arguments.count {
            seeds = Int(arguments[index + 1]) ?? seeds
        }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let result = ContractLoader(rootDirectory: url.deletingLastPathComponent()).load(url, checks: [])
        guard let document = result.document else {
            throw BenchmarkMain.UsageError(description: "\(path) does not load")
        }
        let synthesizer = ExampleSynthesizer(document: document)
        let modes: [ExampleMode] = [.minimal, .full] + (0..<seeds).map { .random(seed: UInt64($0)) }
        var lines = 0
        for operation in document.operations {
            for mode in modes {
                for media in operation.requestBody?.content ?? [] {
                    guard let schema = media.schema else { continue }
                    let body = try synthesizer.requestBody(
                        for: operation, mediaType: media.name, mode: mode, sources: .generatedOnly)
                    emit(schema, "request", mode, body.value, operation)
                    lines += 1
                }
                for response in operation.responses {
                    for media in response.content {
                        guard let schema = media.schema else { continue }
                        let value = try synthesizer.value(for: schema, context: .response, mode: mode)
                        emit(schema, "response", mode, value, operation)
                        lines += 1
                    }
                }
            }
        }
        FileHandle.standardError.write(Data("\(lines) bodies\n".utf8))
    }

    private static func emit(
        _ schema: Spec.Schema, _ context: String, _ mode: ExampleMode, _ value: JSONValue, _ operation: Spec.Operation
    ) {
        let line: JSONValue = [
            "operation": .string(operation.displayName), "schema": .string(schema.uri), "context": .string(context),
            "mode": .string(mode.description), "value": value,
        ]
        print(JSONWriter.string(from: line))
    }
}
