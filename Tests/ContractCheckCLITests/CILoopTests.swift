import ContractInterception
import ContractJSON
import ContractReport
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `swift test && swift run contract-check`: the default run after the tests reports what the tests saw,
/// for the latest test run only.
@Suite struct CILoopTests {
    let cli = CLITests()

    func recordings(in package: URL) -> URL {
        package.appendingPathComponent(".build/contract-check/recordings", isDirectory: true)
    }

    func petRequest(_ base: String, petId: String, accept: String) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: "\(base)/pets/\(petId)")))
        request.setValue(ClinicSamples.bearer, forHTTPHeaderField: "Authorization")
        request.setValue(accept, forHTTPHeaderField: "Accept")
        return request
    }

    @Test("a test's options are recorded and used again: the default run reports exactly the violations the test saw")
    func recordedOptionsGiveTheTestsVerdict() async throws {
        let package = try cli.clinicPackage()
        let options = VerifierOptions(baseURLs: ["http://clinic.test/api"], checksAccept: false)
        let backend = try ContractBackend(
            contract: package.appendingPathComponent("contracts/clinic.yaml"), options: options,
            recording: .directory(recordings(in: package)))
        backend.testLocation = "Tests/ClinicTests.swift:9"
        // Valid under the test's options: its own base URL, and an Accept the contract does not offer.
        _ = try await backend.session.data(
            for: try petRequest("http://clinic.test/api", petId: ClinicSamples.petId, accept: "text/csv"))
        // Invalid: the backend answers with an error status of its own, which is no second violation.
        let (_, answer) = try await backend.session.data(
            for: try petRequest("http://clinic.test/api", petId: "not-a-uuid", accept: "application/json"))
        #expect(((answer as? HTTPURLResponse)?.statusCode ?? 0) >= 400)
        let seen = backend.violations.map { $0.description.replacingOccurrences(of: package.path + "/", with: "") }
        #expect(seen.count == 1, "\(seen)")

        let run = try cli.run([], in: package)
        #expect(run.status == 1, "\(run.output)")
        let printed = run.output.split(separator: "\n").map(String.init).filter { $0.contains(" [getPet] ") }
        #expect(printed == seen, "\(run.output)")
        #expect(run.output.contains("contracts/clinic.yaml: 2 exchanges, 1 violations;"), "\(run.output)")
        #expect(run.output.contains("    in .build/contract-check/recordings/"), "\(run.output)")
        let verify = try cli.run(["verify", "--contract", "contracts/clinic.yaml", ".build/contract-check/recordings"], in: package)
        #expect(verify.output.split(separator: "\n").map(String.init).filter { $0.contains(" [getPet] ") } == seen)

        // The same recording without its options: the test's host does not route, and its Accept is checked.
        let folder = recordings(in: package)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(name)
            var lines: [String] = []
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(object["options"] != nil)
                object["options"] = nil
                lines.append(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
            }
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        }
        let without = try cli.run([], in: package)
        #expect(without.output.contains("contracts/clinic.yaml: 2 exchanges, 2 violations;"), "\(without.output)")
        #expect(without.output.contains("expected a URL under"), "\(without.output)")
    }

    @Test("the default run reads the latest test run's recordings and says how many earlier files it ignored")
    func latestRunOnly() throws {
        let package = try cli.clinicPackage()
        let folder = recordings(in: package)
        let contract = package.appendingPathComponent("contracts/clinic.yaml").path
        func entry(_ petId: String) throws -> TrafficEntry {
            let request = try #require(
                HTTPRequest(
                    method: "GET", url: "\(ClinicSamples.base)/pets/\(petId)",
                    headers: ["Authorization": ClinicSamples.bearer, "Accept": "application/json"]))
            let response = HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: HTTPBody(text: ClinicSamples.pet))
            return TrafficEntry(
                exchange: HTTPExchange(request: request, response: response),
                source: ContractJSON.SourceLocation(file: "test", position: .unknown), test: "Tests/ClinicTests.swift:3",
                contract: contract, options: VerifierOptions())
        }
        // An earlier run that broke the contract, then a clean run of two test processes.
        let earlier = try RecordingWriter(directory: folder, run: try #require(RecordingRun(id: "p100.1")))
        earlier.append(try entry("not-a-uuid"))
        Thread.sleep(forTimeInterval: 0.002)
        let latest = try #require(RecordingRun(id: "p200.1"))
        for _ in 0..<2 { try RecordingWriter(directory: folder, run: latest).append(try entry(ClinicSamples.petId)) }

        let run = try cli.run([], in: package)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("contracts/clinic.yaml: 2 exchanges, 0 violations;"), "\(run.output)")
        #expect(run.output.contains("2 traffic files, 2 exchanges; 1 recording files of earlier test runs ignored"), "\(run.output)")
        // `verify` reads what it is given, every run.
        let verify = try cli.run(["verify", "--contract", "contracts/clinic.yaml", ".build/contract-check/recordings"], in: package)
        #expect(verify.status == 1)
        #expect(verify.output.contains("3 exchanges, 1 violations"), "\(verify.output)")
    }

    @Test("parallel test processes of one run (children of one process) all count; an earlier run's file does not")
    func parallelProcessesOfOneRun() throws {
        let package = try cli.clinicPackage()
        let folder = recordings(in: package)
        let old = try RecordingWriter(directory: folder, run: try #require(RecordingRun(id: "p1.1")))
        old.append(
            TrafficEntry(
                exchange: HTTPExchange(
                    request: try #require(HTTPRequest(method: "GET", url: "https://api.example.com/old")),
                    response: HTTPResponse(status: 200)),
                source: ContractJSON.SourceLocation(file: "old", position: .unknown)))
        Thread.sleep(forTimeInterval: 0.002)
        // Three processes started by this one, as `swift test` starts its test processes.
        let bench = CLITests.binary.deletingLastPathComponent().appendingPathComponent("contract-bench")
        let processes = try (0..<3).map { _ -> Process in
            let process = Process()
            process.executableURL = bench
            process.arguments = ["record-stress", folder.path, "10"]
            process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CONTRACTCHECK_RUN" }
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        let run = try cli.run([], in: package)
        #expect(run.output.contains("3 traffic files, 30 exchanges"), "\(run.output)")
        #expect(run.output.contains("1 recording files of earlier test runs ignored"), "\(run.output)")
    }

    @Test("a backend that starts recording in a folder removes the earlier runs' recordings there")
    func earlierRunsRemoved() async throws {
        let package = try cli.clinicPackage()
        let folder = recordings(in: package)
        let old = try RecordingWriter(directory: folder, run: try #require(RecordingRun(id: "p1.1")))
        try Data("kept\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let backend = try ContractBackend(
            contract: package.appendingPathComponent("contracts/clinic.yaml"), recording: .directory(folder))
        _ = try await backend.session.data(
            for: try petRequest(ClinicSamples.base, petId: ClinicSamples.petId, accept: "application/json"))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!left.contains(old.url.lastPathComponent))
        #expect(left.contains("notes.txt"))
        #expect(left.filter { $0.hasPrefix("recording-\(RecordingRun.current.id)-") }.count == 1, "\(left)")
    }
}
