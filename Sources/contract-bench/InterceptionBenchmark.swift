import ContractInterception
import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Requests per second through a `URLSession` answered by the fake backend (verify the request, synthesize
/// the response, verify it) against the floor: the same loop answered by a protocol that returns a fixed
/// body. The backend runs twice: recording nothing, and recording every exchange as users run it (the
/// default). A 200-byte JSON request and a 2 KB JSON response; sequential, then 64 tasks over 8 sessions.
enum InterceptionBenchmark {
    /// Microseconds per `verifyRequest` of the benchmark's request, the largest part of the backend's cost.
    static func verificationTime(_ backend: ContractBackend, _ request: URLRequest, count: Int) -> Double {
        guard let url = request.url,
            let parsed = HTTPRequest(
                method: "POST", url: url, headers: ["Content-Type": "application/json"],
                body: HTTPBody(request.httpBody ?? Data()))
        else { return 0 }
        let verifier = backend.verifier
        var violations = 0
        // Thread CPU time, not wall time: the machine is shared, and waiting for a core is not verifying.
        let start = threadCPUSeconds()
        for _ in 0..<count { violations += verifier.verifyRequest(parsed).violations.count }
        let seconds = threadCPUSeconds() - start
        return violations == 0 ? seconds * 1e6 / Double(count) : -1
    }

    /// CPU time the calling thread has used, in seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs an asynchronous benchmark from the synchronous entry point and waits for it.
    static func runBlocking(_ body: @escaping @Sendable () async throws -> Void) throws {
        let outcome = BenchLock<Result<Void, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<Void, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        try outcome.withLock { $0 }?.get()
    }

    static func run(_ arguments: [String]) async throws {
        let requests = value(after: "--requests", in: arguments) ?? 3000
        let rounds = value(after: "--rounds", in: arguments) ?? 5
        // `--only floor`, `--only backend` or `--only recording` runs that loop alone, for a profiler
        // (Scripts/profile-intercept.sh).
        var only: Loop?
        if let index = arguments.firstIndex(of: "--only") {
            guard index + 1 < arguments.count, let loop = Loop(rawValue: arguments[index + 1]) else {
                throw BenchmarkMain.UsageError(description: "--only takes floor, backend or recording")
            }
            only = loop
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-bench-intercept")
        let contract = try BenchContract.write(into: folder)
        // The same backend twice: without recording, and recording every exchange to a file in `folder`,
        // as a test does by default (the file is emptied after each round, so it stays small).
        let recordings = folder.appendingPathComponent("recordings", isDirectory: true)
        let backend = try ContractBackend(contract: contract, recording: .off)
        let recordingBackend = try ContractBackend(contract: contract, recording: .directory(recordings))
        let request = try BenchContract.request()

        let (sample, _) = try await backend.session.data(for: request)
        _ = try await recordingBackend.session.data(for: request)
        guard backend.violations.isEmpty, recordingBackend.violations.isEmpty, recordingBackend.problems.isEmpty else {
            throw BenchmarkMain.UsageError(
                description: "bench contract: \(backend.violations + recordingBackend.violations) "
                    + "\(recordingBackend.problems.map(\.message))")
        }
        FixedBodyProtocol.body.withLock { $0 = sample }
        // `--url-cache` keeps the ephemeral configuration's URLCache in both loops (the backend turns it
        // off; with it, every request pays for a cache lookup that dominates the floor).
        let urlCache = arguments.contains("--url-cache")
        print("request \(request.httpBody?.count ?? 0) B, response \(sample.count) B, \(requests) requests per run")
        print("URLCache: " + (urlCache ? "on (ephemeral default)" : "off (as the backend configures it)"))
        print("recording: the backend twice, off and on (the default; to \(recordings.path))")
        print(
            "mode                 floor us/req   backend us/req   ratio   backend req/s"
                + "   floor CPU us/req   backend CPU us/req   CPU ratio")
        print(
            String(
                format: "verifying the request alone (no URLSession, thread CPU time): %.2f us",
                verificationTime(backend, request, count: value(after: "--verify-count", in: arguments) ?? 20_000)))
        // Each round runs the two loops in blocks, one block of each in turn (which goes first alternates),
        // so that the machine's drift within a round (other programs, frequency) falls on both loops alike.
        // At least one request per task (64 at most) in every block; one loop alone runs in one block, so
        // that a profiler's counts divide by exactly `requests`.
        let blocks = only != nil ? 1 : min(max(1, value(after: "--blocks", in: arguments) ?? 12), max(1, requests / 64))
        for (name, sessions, tasks) in [("sequential", 1, 1), ("64 tasks, 8 sessions", 8, 64)] {
            var floors: [Cost] = []
            var backends: [Cost] = []
            var recordingBackends: [Cost] = []
            for round in 0..<rounds {
                let loops: [Loop] = only.map { [$0] } ?? [.floor, .backend, .recording]
                var sessionsByLoop: [Loop: [URLSession]] = [:]
                for loop in loops {
                    sessionsByLoop[loop] = (0..<sessions).map { _ in
                        let configuration =
                            switch loop {
                            case .floor: FixedBodyProtocol.configuration()
                            case .backend: backend.makeConfiguration()
                            case .recording: recordingBackend.makeConfiguration()
                            }
                        return URLSession(configuration: withCache(configuration, urlCache))
                    }
                }
                var costs: [Loop: [Cost]] = [:]
                for block in 0..<blocks {
                    for loop in (round + block).isMultiple(of: 2) ? loops : loops.reversed() {
                        costs[loop, default: []].append(
                            try await time(
                                sessionsByLoop[loop] ?? [], request, requests: requests / blocks, tasks: tasks))
                    }
                }
                if let floor = costs[.floor] { floors.append(.mean(floor)) }
                if let ours = costs[.backend] { backends.append(.mean(ours)) }
                if let recorded = costs[.recording] { recordingBackends.append(.mean(recorded)) }
                backend.reset()
                recordingBackend.reset()
                try emptyRecordings(in: recordings)
            }
            if let only {
                let costs =
                    switch only {
                    case .floor: floors
                    case .backend: backends
                    case .recording: recordingBackends
                    }
                print(
                    name.padding(toLength: 20, withPad: " ", startingAt: 0) + " \(only.rawValue) alone: "
                        + String(
                            format: "%.1f us/req, CPU %.1f us/req", median(costs.map(\.wall)), median(costs.map(\.cpu)))
                )
                continue
            }
            let floor = median(floors.map(\.wall))
            let ours = median(backends.map(\.wall))
            let floorCPU = median(floors.map(\.cpu))
            let oursCPU = median(backends.map(\.cpu))
            // The ratio of each round's two loops, run back to back: the machine's speed drifts between
            // rounds (by up to a factor of two on a shared machine), much less within one.
            let ratios = zip(floors, backends).map { $1.wall / $0.wall }
            let cpuRatios = zip(floors, backends).map { $1.cpu / $0.cpu }
            print(
                name.padding(toLength: 20, withPad: " ", startingAt: 0)
                    + String(format: " %12.1f %16.1f %7.2fx %15.0f", floor, ours, median(ratios), 1_000_000 / ours)
                    + String(format: " %18.1f %20.1f %10.2fx", floorCPU, oursCPU, median(cpuRatios))
                    + String(
                        format: "   (rounds %.2f-%.2fx, CPU %.2f-%.2fx;", ratios.min() ?? 0, ratios.max() ?? 0,
                        cpuRatios.min() ?? 0, cpuRatios.max() ?? 0)
                    + String(
                        format:
                            " system us/req %.1f / %.1f, context switches/req %.2f / %.2f, page faults/req %.2f / %.2f)",
                        median(floors.map(\.system)), median(backends.map(\.system)),
                        median(floors.map(\.switches)), median(backends.map(\.switches)),
                        median(floors.map(\.faults)), median(backends.map(\.faults))))
            let recorded = median(recordingBackends.map(\.wall))
            let recordedCPU = median(recordingBackends.map(\.cpu))
            let recordedRatios = zip(floors, recordingBackends).map { $1.wall / $0.wall }
            let recordedCPURatios = zip(floors, recordingBackends).map { $1.cpu / $0.cpu }
            // What recording adds, from each round's two backend loops, run back to back.
            let added = zip(backends, recordingBackends).map { $1.wall - $0.wall }
            let addedCPU = zip(backends, recordingBackends).map { $1.cpu - $0.cpu }
            print(
                "  recording on".padding(toLength: 20, withPad: " ", startingAt: 0)
                    + String(
                        format: " %12.1f %16.1f %7.2fx %15.0f", floor, recorded, median(recordedRatios),
                        1_000_000 / recorded)
                    + String(format: " %18.1f %20.1f %10.2fx", floorCPU, recordedCPU, median(recordedCPURatios))
                    + String(
                        format: "   (recording adds %.1f us/req, CPU %.1f us/req; system us/req %.1f)", median(added),
                        median(addedCPU),
                        median(recordingBackends.map(\.system))))
        }
    }

    /// Empties the recording files in `folder` between rounds (the backend keeps appending to its file).
    static func emptyRecordings(in folder: URL) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasSuffix(".jsonl") {
            let handle = try FileHandle(forWritingTo: folder.appendingPathComponent(name))
            try handle.truncate(atOffset: 0)
            try handle.close()
        }
    }

    /// The benchmark's three loops.
    enum Loop: String {
        /// The trivial protocol that returns a fixed body.
        case floor
        /// The fake backend, recording nothing.
        case backend
        /// The fake backend recording every exchange, as tests run it by default.
        case recording
    }

    static func withCache(_ configuration: URLSessionConfiguration, _ on: Bool) -> URLSessionConfiguration {
        guard on else { return configuration }
        configuration.urlCache = URLSessionConfiguration.ephemeral.urlCache
        configuration.requestCachePolicy = .useProtocolCachePolicy
        return configuration
    }

    /// Microseconds per request: wall time, and the CPU time of the whole process (every thread, user and
    /// system), which other programs on a shared machine inflate much less than wall time.
    struct Cost {
        var wall: Double
        var cpu: Double
        /// The kernel's share of `cpu`, microseconds per request.
        var system: Double
        /// Context switches per request, voluntary (a thread waited) and involuntary (it was preempted).
        var switches: Double
        /// Page faults per request.
        var faults: Double

        /// The mean of costs per request measured on equal numbers of requests.
        static func mean(_ costs: [Cost]) -> Cost {
            let count = Double(max(costs.count, 1))
            func average(_ field: (Cost) -> Double) -> Double { costs.reduce(0) { $0 + field($1) } / count }
            return Cost(
                wall: average(\.wall), cpu: average(\.cpu), system: average(\.system),
                switches: average(\.switches), faults: average(\.faults))
        }
    }

    static func time(_ sessions: [URLSession], _ request: URLRequest, requests: Int, tasks: Int) async throws -> Cost {
        let perTask = requests / tasks
        let startUsage = ProcessUsage.now()
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<tasks {
                let session = sessions[index % sessions.count]
                group.addTask {
                    for _ in 0..<perTask { _ = try await session.data(for: request) }
                }
            }
            try await group.waitForAll()
        }
        let elapsed = ContinuousClock.now - start
        let usage = ProcessUsage.now() - startUsage
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let count = Double(perTask * tasks)
        return Cost(
            wall: seconds * 1e6 / count, cpu: (usage.user + usage.system) * 1e6 / count,
            system: usage.system * 1e6 / count, switches: usage.switches / count, faults: usage.faults / count)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func value(after flag: String, in arguments: [String]) -> Int? {
        guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
        return Int(arguments[index + 1])
    }
}
