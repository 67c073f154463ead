import Foundation

/// Dispatches `contract-bench <benchmark> …`.
enum BenchmarkMain {
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static let usage = """
        usage: contract-bench load [--scales 1,2,4] [FILE…]
               contract-bench examples | examples-dump CONTRACT
               contract-bench validate [--json] [--bench-dir DIR] [--batches N] [--batch-seconds S] [--only FIXTURE]
                                       [--kind valid|invalid] [--dialect 2020-12|oas] [--op parse|isValid|validate]
                                       [--input bytes|object] [--calls N]
               contract-bench load-one FILE [--profile [--structure] | --memory [--warm]]
               contract-bench prepare [FILE…] | prepare-one FILE lint|backend|lint-process | stripe-shaped OUT.yaml
               contract-bench verdicts BUNDLE.json INSTANCES.jsonl | verdicts --json FILE
               contract-bench record-stress DIR COUNT
               contract-bench formats [--seconds S]
               contract-bench record [--count N] | record-until-killed DIR
               contract-bench shared-session DIR
               contract-bench nearest [--paths N] [--requests N]
          load   time parse, resolve and compile of each FILE (default: a generated synthetic contract at
                 several scales, and every document in ../shared/corpora/real-world), next to the floors:
                 Yams.compose for YAML, JSONSerialization for JSON; and the peak memory one load adds, in a
                 fresh process (memory) and after warming up on tiny contracts (load-mem; see LoadMemory.swift).
          load-one  one row of `load` for FILE; --profile: only five loads (--structure: without compiling), for
                 a profiler; --memory: only the peak memory a load adds (--warm: after tiny contracts).
          prepare  time and peak memory of a fake backend's first use (`ContractBackend(contract:)` and one
                 request verified) against a load with every check (what `contract-check lint` does), each in
                 fresh processes, best of three; and, when the release contract-check is built beside it,
                 `contract-check lint FILE` as a whole process; default: a generated Stripe-shaped contract (4 MB
                 of YAML) and every document in ../shared/corpora/real-world.
          stripe-shaped OUT.yaml  write the Stripe-shaped contract `prepare` measures.
          validate  time the schema validator on the fixtures of ../shared/bench (see its README); FIXTURE is
                 a fixture the folder's expected.json lists; --calls N runs exactly N calls per batch with no warm-up
                 (for counting instructions: take the difference between two N).
          verdicts  one validator verdict per instance line, for Scripts/differential-schema.py.
          record  CPU time per recorded exchange on the request path (the line built and written).
          record-until-killed DIR  a recording backend answering one request after another, printing `seen N`
                 once the client has the Nth response, until it is killed (what a kill -9 loses: KilledRecordingTests).
          shared-session DIR  whether URLSession.shared, used before installGlobally(), is intercepted after it (one
                 process, since the shared session is made once per process: InstallationProcessTests).
          nearest  CPU time per request that matches no path of a contract of N paths (default 20,000), whose
                 verdict names the nearest documented paths: typos, paths far from every template, one repeated.
          formats  nanoseconds per value of each asserted format on typical values, next to a plain string.
          record-stress  append COUNT recordings from 4 threads (the recording concurrency test runs 8 at once).
          intercept [--requests N] [--rounds N] [--blocks N] [--url-cache] [--verify-count N] [--only LOOP]
                 requests/s through URLSession with the fake backend against a fixed-body URLProtocol (the floor), sequential
                 and 64 tasks over 8 sessions; first, the CPU time of N verifyRequest calls alone (default 20,000).
                 The backend runs twice: recording nothing, and recording every exchange (as tests run it by default).
                 --blocks N: each round runs the loops in N blocks each, in turn (default 12).
                 --only floor|backend|recording: that loop alone, for a profiler (Scripts/profile-intercept.sh).
          examples  time the example synthesizer on the synthetic contract against loading it and validating.
          examples-dump CONTRACT  print generated request and response bodies as JSON lines (for Scripts/).
        """

    static func run(_ arguments: [String]) throws {
        guard let command = arguments.first else { throw UsageError(description: usage) }
        switch command {
        case "load": try LoadBenchmark.run(Array(arguments.dropFirst()))
        case "load-one": try LoadBenchmark.runOne(Array(arguments.dropFirst()))
        case "prepare": try PrepareBenchmark.run(Array(arguments.dropFirst()))
        case "prepare-one": try PrepareBenchmark.runOne(Array(arguments.dropFirst()))
        case "stripe-shaped": try PrepareBenchmark.writeStripeShaped(Array(arguments.dropFirst()))
        case "validate": try ValidatorBenchmark.run(arguments: Array(arguments.dropFirst()))
        case "record-stress": try RecordStress.run(Array(arguments.dropFirst()))
        case "formats": try FormatBenchmark.run(Array(arguments.dropFirst()))
        case "record": try RecordBenchmark.run(Array(arguments.dropFirst()))
        case "record-until-killed":
            try InterceptionBenchmark.runBlocking { try await RecordUntilKilled.run(Array(arguments.dropFirst())) }
        case "shared-session":
            try InterceptionBenchmark.runBlocking { try await SharedSessionCheck.run(Array(arguments.dropFirst())) }
        case "nearest": try NearestBenchmark.run(Array(arguments.dropFirst()))
        case "verdicts": try Verdicts.run(Array(arguments.dropFirst()))
        case "intercept":
            try InterceptionBenchmark.runBlocking { try await InterceptionBenchmark.run(Array(arguments.dropFirst())) }
        case "examples": try ExampleBenchmark.run(Array(arguments.dropFirst()))
        case "examples-dump": try ExampleDump.run(Array(arguments.dropFirst()))
        default: throw UsageError(description: usage)
        }
    }
}
