import ContractExamples
import ContractJSON
import ContractSchema
import ContractSpec
import Foundation

/// `contract-bench examples`: the synthesizer's two goals (all responses in less than a load, a small
/// response within twice a validation), in one run on one contract.
///
/// 1. One generated response per operation and status of the synthetic 3,000-operation contract, against
///    loading that contract (goal: generating everything takes less time than loading).
/// 2. Generating a typical small response against validating that same value with full error collection
///    (goal: at most 2x).
///
/// `contract-bench examples-dump CONTRACT` prints, one JSON object a line, a generated request and
/// response body of every operation in every mode, for `Scripts/check-examples.py` to check independently.
enum ExampleBenchmark {
    static func run(_ arguments: [String]) throws {
        let (yaml, _) = SyntheticContract.generate(scale: 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-bench-examples")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("synthetic-x1.yaml")
        try Data(yaml.utf8).write(to: url)
        let loader = ContractLoader(rootDirectory: folder)
        var document: Spec.Document?
        let load = best(of: 3) { document = loader.load(url).document }
        // The loader and the synthesizer run on this thread only, so its CPU time is theirs too: printed
        // beside the wall-clock time, which other processes on a shared machine distort.
        let loadCPU = cpuBest(of: 3) { _ = loader.load(url) }
        guard let document else { throw BenchmarkMain.UsageError(description: "the synthetic contract did not load") }
        if arguments.contains("--small-only") {
            // For a profiler: only the small-response loop.
            try smallResponse(document, ExampleSynthesizer(document: document), rounds: 200_000)
            return
        }
        var responses = 0
        var failures = 0
        if arguments.contains("--cold-only") {
            // For a profiler: only the first generation on a fresh document.
            (responses, failures) = generateAll(ExampleSynthesizer(document: document))
            return
        }
        // Cold: a fresh synthesizer on a freshly loaded document each time, so first-use merging and
        // compilation are counted; best of three like the load, since the machine may be shared.
        var coldDocuments = (0..<6).compactMap { _ in loader.load(url).document }
        let cold = best(of: 3) {
            (responses, failures) = generateAll(ExampleSynthesizer(document: coldDocuments.removeLast()))
        }
        let coldCPU = cpuBest(of: 3) { _ = generateAll(ExampleSynthesizer(document: coldDocuments.removeLast())) }
        let synthesizer = ExampleSynthesizer(document: document)
        let warm = best(of: 3) { (responses, failures) = generateAll(synthesizer) }
        let warmCPU = cpuBest(of: 3) { _ = generateAll(synthesizer) }
        print(
            "synthetic contract: \(document.operations.count) operations, \(responses) responses, \(failures) failures")
        print(row("load (parse, resolve, compile)", load) + cpu(loadCPU))
        print(
            row("generate all responses, cold", cold) + cpu(coldCPU) + ratio(cold, load, "of load,")
                + ratio(coldCPU, loadCPU, "in CPU"))
        print(
            row("generate all responses, warm", warm) + cpu(warmCPU) + ratio(warm, load, "of load,")
                + ratio(warmCPU, loadCPU, "in CPU"))
        try smallResponse(document, synthesizer)
    }

    private static func generateAll(_ synthesizer: ExampleSynthesizer) -> (Int, Int) {
        var count = 0
        var failures = 0
        for operation in synthesizer.document.operations {
            for response in operation.responses where !response.content.isEmpty {
                let status: Int? = if case .code(let code) = response.status { code } else { nil }
                count += 1
                do {
                    _ = try synthesizer.responseBody(for: operation, status: status, sources: .generatedOnly)
                } catch {
                    failures += 1
                }
            }
        }
        return (count, failures)
    }

    /// The typical small response: one object of the synthetic contract (eight properties, formats, an
    /// enum, a nullable field, a decimal `multipleOf`), generated and validated many times.
    private static func smallResponse(
        _ document: Spec.Document, _ synthesizer: ExampleSynthesizer, rounds: Int = 20_000
    ) throws {
        guard let schema = document.schemas["Model0"] else { return }
        let validator = try document.compiledSchemas.compiled(schema)
        let value = try synthesizer.value(for: schema, context: .response, mode: .full)
        var sink = 0
        // CPU time of this thread, best of five: the machine may be shared, and being descheduled is not a
        // cost of either side of the ratio.
        let generate = cpuBest(of: 5) {
            for round in 0..<rounds {
                if let generated = try? synthesizer.value(
                    for: schema, context: .response, mode: .random(seed: UInt64(round))),
                    case .object(let object) = generated
                {
                    sink &+= object.count
                }
            }
        }
        let validate = cpuBest(of: 5) {
            for _ in 0..<rounds { sink &+= validator.validate(value, context: .response).count }
        }
        print("small response: \(JSONWriter.string(from: value))")
        print(row("generate small response (CPU per value)", generate / Double(rounds)))
        print(
            row("validate it, all errors (CPU per value)", validate / Double(rounds))
                + ratio(generate, validate, "generate/validate") + (sink == -1 ? "" : ""))
    }

    static func best(of runs: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    static func cpuBest(of runs: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = threadCPUSeconds()
            body()
            best = min(best, threadCPUSeconds() - start)
        }
        return best
    }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func row(_ label: String, _ seconds: Double) -> String {
        let text = seconds < 0.001 ? String(format: "%.2f µs", seconds * 1e6) : String(format: "%.1f ms", seconds * 1e3)
        return label.padding(toLength: 48, withPad: " ", startingAt: 0) + text.leftPadded(12)
    }

    private static func cpu(_ seconds: Double) -> String {
        String(format: "   CPU %7.1f ms", seconds * 1e3)
    }

    private static func ratio(_ value: Double, _ reference: Double, _ label: String) -> String {
        String(format: "   %.2fx %@", value / reference, label)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
