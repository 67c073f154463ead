import ContractJSON
import ContractSpec
import ContractTestSupport
import ContractVerify
import Foundation
import Testing
import XMLSchemaValidation

@testable import ContractReport

@Suite("Reading traffic: HAR files and recordings")
struct TrafficReadingTests {
    static func har(_ entries: String) -> String {
        #"{"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": [\#(entries)]}}"#
    }

    static func write(_ text: String, name: String) throws -> URL {
        let url = Scratch.path("traffic").appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("bodies: base64, form params, multipart params, cookies, pseudo-headers, content not captured")
    func harVariants() throws {
        let url = try Self.write(
            Self.har(
                """
                {"request": {"method": "POST", "url": "https://api.example.com/v1/forms", "httpVersion": "HTTP/2",
                  "headers": [{"name": ":authority", "value": "api.example.com"}, {"name": "content-type", "value": "application/x-www-form-urlencoded"}],
                  "cookies": [{"name": "session", "value": "abc"}],
                  "postData": {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "q", "value": "a b&c"}, {"name": "n", "value": "1"}]}},
                 "response": {"status": 200, "headers": [], "content": {"size": 2, "mimeType": "application/json", "text": "e30=", "encoding": "base64"}}},
                {"request": {"method": "POST", "url": "https://api.example.com/v1/upload", "headers": [],
                  "postData": {"mimeType": "multipart/form-data; boundary=XyZ", "params": [{"name": "file", "fileName": "a.png", "contentType": "image/png", "value": "PNG"}]}},
                 "response": {"status": 204, "headers": [], "content": {"size": 10, "mimeType": "image/png"}}}
                """), name: "t.har")
        let records = try HARReader.read(url: url, path: "t.har")
        #expect(records.count == 2)
        let form = records[0].exchange
        #expect(form.request.headers[":authority"] == nil)
        #expect(form.request.headers["Cookie"] == "session=abc")
        #expect(form.request.body == HTTPBody(text: "q=a+b%26c&n=1"))
        #expect(form.response.body == HTTPBody(text: "{}"))
        #expect(records[0].source.position.line == 1)
        let upload = records[1].exchange
        #expect(
            upload.request.headers["Content-Type"] == "multipart/form-data; boundary=XyZ", "taken from postData when the headers lack it")
        let multipart = String(decoding: upload.request.body.bytes ?? [], as: UTF8.self)
        #expect(
            multipart.contains(
                "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--XyZ--"
            ))
        #expect(upload.response.body == .unavailable)
    }

    @Test("a file that is not HAR is one error naming it")
    func notHAR() throws {
        let url = try Self.write(#"{"entries": []}"#, name: "x.har")
        #expect(throws: TrafficReadError.self) { try HARReader.read(url: url, path: "x.har") }
        let broken = try Self.write("{", name: "y.har")
        #expect {
            try HARReader.read(url: broken, path: "y.har")
        } throws: { error in
            (error as? TrafficReadError)?.description.hasPrefix("y.har:1:2: error: invalid JSON") == true
        }
    }

    @Test("recordings round-trip; a torn last line is skipped")
    func recordings() throws {
        let folder = Scratch.path("rec")
        let writer = try RecordingWriter(directory: folder)
        let request = try #require(
            HTTPRequest(method: "GET", url: "https://api.example.com/v1/pets?limit=2", headers: ["Accept": "application/json"]))
        let exchange = HTTPExchange(
            request: request, response: HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: HTTPBody(text: "[]"))
        )
        let source = SourceLocation(file: "test", position: .unknown)
        writer.append(
            TrafficEntry(
                exchange: exchange, source: source, startedAt: Date(timeIntervalSince1970: 0), duration: 0.25,
                test: "Tests/PetTests.swift:12", contract: "contracts/pets.yaml",
                options: VerifierOptions(baseURLs: ["http://localhost:8080"], checksAccept: false)))
        var unreadable = exchange
        unreadable.request.body = .unavailable
        writer.append(
            TrafficEntry(exchange: unreadable, source: source, startedAt: Date(), duration: 0, failure: "timedOut"))
        // The two lines are in the file before the torn one is added, as a process killed later leaves it.
        writer.flush()
        let handle = try FileHandle(forWritingTo: writer.url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"version": 1, "request": {"meth"#.utf8))
        try handle.close()
        let (records, skipped) = try Recording.read(url: writer.url, path: "r.jsonl")
        #expect(records.count == 2)
        #expect(skipped == 1)
        #expect(records[0].exchange == exchange)
        #expect(records[0].test == "Tests/PetTests.swift:12")
        #expect(records[0].duration == 0.25)
        #expect(records[0].contract == "contracts/pets.yaml")
        #expect(records[0].options?.baseURLs == ["http://localhost:8080"])
        #expect(records[0].options?.checksAccept == false)
        #expect(records[0].options?.strict == false)
        #expect(records[0].hasResponse)
        #expect(records[1].exchange.request.body == .unavailable)
        #expect(records[1].failure == "timedOut")
        #expect(!records[1].hasResponse)
    }

    @Test("text bodies are written as readable text, other bytes as base64, and both read back exactly")
    func bodiesRoundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bodies-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = try RecordingWriter(directory: folder)
        let text = "{\"name\":\"Ré\\u00e9x\",\"note\":\"line\nbreak \u{2028} \u{85}\"}"
        let binary: [UInt8] = [0x25, 0x50, 0x44, 0x46, 0xFF, 0xFE, 0x00, 0xC3]
        let request = try #require(
            HTTPRequest(method: "POST", url: "https://api.example.com/pets", body: HTTPBody(text: text)))
        let exchange = HTTPExchange(request: request, response: HTTPResponse(status: 200, body: .bytes(binary)))
        let entry = TrafficEntry(exchange: exchange, source: SourceLocation(file: "test", position: .unknown))
        writer.append(entry)
        let line = Recording.line(for: entry)
        #expect(line.contains(#""text":"{\"name\":\"Ré\\u00e9x\""#))
        #expect(line.contains(#"\nbreak \u2028 \u0085"#))
        #expect(line.contains(#""body":"JVBERv/+AMM=""#))
        let (records, _) = try Recording.read(url: writer.url, path: "r.jsonl")
        #expect(records.first?.exchange == exchange)
    }
}

@Suite("Verifying traffic")
struct TrafficCheckTests {
    static let clinic: Spec.Document = {
        let url = Corpus.packageRoot.appendingPathComponent("contracts/clinic.yaml")
        return ContractLoader(rootDirectory: Corpus.packageRoot).load(url, checks: []).document!
    }()

    static func records(_ path: String) throws -> [TrafficEntry] {
        try HARReader.read(url: Corpus.packageRoot.appendingPathComponent(path), path: path)
    }

    @Test("the bundled recording is clean and exercises every operation")
    func clean() throws {
        let check = TrafficCheck(contracts: [.init(document: Self.clinic, verifier: ContractVerifier(document: Self.clinic))])
        let result = check.run(try Self.records("contracts/clinic.har"))
        #expect(result.violations.isEmpty, "\(result.violations.map(\.description))")
        #expect(result.contracts[0].exercised == 19)
        #expect(result.skippedExchanges == 0)
    }

    @Test("exchanges on hosts no server matches are skipped; --server maps them")
    func hosts() throws {
        var records = try Self.records("contracts/clinic.har")
        for index in records.indices { records[index].exchange.request.host = "staging.internal" }
        let plain = TrafficCheck(contracts: [.init(document: Self.clinic, verifier: ContractVerifier(document: Self.clinic))])
        #expect(plain.run(records).skippedExchanges == records.count)
        let mapped = TrafficCheck(contracts: [
            .init(
                document: Self.clinic,
                verifier: ContractVerifier(document: Self.clinic, options: VerifierOptions(baseURLs: ["https://staging.internal/v1"])))
        ])
        let result = mapped.run(records)
        #expect(result.skippedExchanges == 0)
        #expect(result.contracts[0].exchanges == records.count)
    }

    @Test("a recording that names its contract is verified against it with its base URLs; other contracts' are set aside")
    func namedContracts() throws {
        let clean = try Self.records("contracts/clinic.har")
        var records: [TrafficEntry] = []
        // The test's own base URL, which the contract's servers do not list.
        var local = clean[0]
        local.exchange.request.scheme = "http"
        local.exchange.request.host = "localhost"
        local.exchange.request.port = 8080
        local.exchange.request.path = local.exchange.request.path.replacingOccurrences(of: "/v1", with: "")
        local.contract = "contracts/clinic.yaml"
        local.options = VerifierOptions(baseURLs: ["http://localhost:8080"])
        records.append(local)
        var fixture = clean[1]
        fixture.contract = "Tests/Fixtures/contracts/petstore.yaml"
        records.append(fixture)
        var failed = clean[2]
        failed.exchange.response = HTTPResponse(status: 0)
        failed.contract = Corpus.packageRoot.appendingPathComponent("contracts/clinic.yaml").path
        failed.failure = "timedOut"
        records.append(failed)
        let check = TrafficCheck(contracts: [.init(document: Self.clinic, verifier: ContractVerifier(document: Self.clinic))])
        let result = check.run(records)
        #expect(result.violations.isEmpty, "\(result.violations.map(\.description))")
        #expect(result.contracts[0].exchanges == 2)
        #expect(result.otherContracts == ["Tests/Fixtures/contracts/petstore.yaml": 1])
        #expect(result.skippedExchanges == 0)
        // A transport error exercises the operation but no response.
        let failedOperation = try #require(result.contracts[0].operations.first { $0.exchanges > 0 && $0.statuses.isEmpty })
        #expect(failedOperation.exchanges == 1)
        // Without the recorded base URL the local exchange would not route.
        var unmapped = local
        unmapped.options = VerifierOptions()
        #expect(check.run([unmapped]).violations.map(\.kind) == [.serverNotFound])
    }

    @Test("a recorded answer to an invalid request is the backend's own: one violation; a server's answer in a HAR is checked")
    func invalidRequestIsOneViolation() throws {
        let request = try #require(
            HTTPRequest(
                method: "GET", url: "https://api.clinic.example.com/v1/pets/not-a-uuid",
                headers: ["Authorization": ClinicSamples.bearer, "Accept": "application/json"]))
        let answer = HTTPResponse(
            status: 422, headers: ["Content-Type": "application/problem+json"], body: HTTPBody(text: "not json"))
        let har = TrafficEntry(
            exchange: HTTPExchange(request: request, response: answer), source: SourceLocation(file: "t.har", position: .unknown))
        var recorded = har
        recorded.contract = "contracts/clinic.yaml"
        recorded.options = VerifierOptions()
        let check = TrafficCheck(contracts: [.init(document: Self.clinic, verifier: ContractVerifier(document: Self.clinic))])
        #expect(check.run([recorded]).violations.map(\.kind) == [.parameterSchema])
        let fromServer = check.run([har]).violations.map(\.kind)
        #expect(fromServer.first == .parameterSchema && fromServer.count > 1, "\(fromServer)")
    }

    @Test("a recording is verified with the options its test used; the check's own base URLs still apply")
    func recordedOptions() throws {
        let request = try #require(
            HTTPRequest(
                method: "GET", url: "http://clinic.test/api/pets/\(ClinicSamples.petId)",
                headers: ["Authorization": ClinicSamples.bearer, "Accept": "text/csv"]))
        let response = HTTPResponse(
            status: 200, headers: ["Content-Type": "application/json"], body: HTTPBody(text: ClinicSamples.pet))
        var record = TrafficEntry(
            exchange: HTTPExchange(request: request, response: response), source: SourceLocation(file: "r.jsonl", position: .unknown),
            contract: "contracts/clinic.yaml", options: VerifierOptions(baseURLs: ["http://clinic.test/api"], checksAccept: false))
        let check = TrafficCheck(contracts: [.init(document: Self.clinic, verifier: ContractVerifier(document: Self.clinic))])
        #expect(check.run([record]).violations.map(\.kind).filter { $0 == .accept || $0 == .serverNotFound }.isEmpty)
        // The same exchange under the defaults: its Accept is checked.
        record.options = VerifierOptions(baseURLs: ["http://clinic.test/api"])
        #expect(check.run([record]).violations.map(\.kind).contains(.accept))
        // Without the recorded base URL, only the check's own one (`--server`) routes it.
        record.options = VerifierOptions(checksAccept: false)
        #expect(check.run([record]).violations.map(\.kind) == [.serverNotFound])
        let mapped = TrafficCheck(contracts: [
            .init(
                document: Self.clinic,
                verifier: ContractVerifier(document: Self.clinic, options: VerifierOptions(baseURLs: ["http://clinic.test/api"])))
        ])
        #expect(!mapped.run([record]).violations.map(\.kind).contains(.serverNotFound))
    }

    @Test("the JUnit report of the violations recording: one failure per failing operation, the rest skipped")
    func junit() throws {
        let check = TrafficCheck(contracts: [.init(document: Self.clinic, verifier: ContractVerifier(document: Self.clinic))])
        let result = check.run(try Self.records("Tests/Fixtures/har/clinic-violations.har"))
        let report = JUnitReport(traffic: result, timestamp: JUnitWriterTests.clock, hostname: "ci")
        let suite = try #require(report.suites.first)
        #expect(suite.cases.count == 19)
        #expect(suite.failures == 3)
        #expect(suite.skipped == 16)
        let failing = suite.cases.filter { if case .failed = $0.outcome { true } else { false } }.map(\.name)
        #expect(Set(failing) == ["listPets", "createPet", "submitInquiry"])
        guard case .failed(let failure) = suite.cases.first(where: { $0.name == "createPet" })?.outcome else {
            Issue.record("createPet should fail")
            return
        }
        #expect(failure.message == "1 violation: request.body.schema")
        #expect(failure.type == "request.body.schema")
        #expect(failure.body.contains("in Tests/Fixtures/har/clinic-violations.har:10:7"))
    }

    @Test("the JUnit report of the violations recording is valid against both XSDs", .corpus("junit-xsd"), arguments: JUnitWriterTests.xsds)
    func junitSchemaValid(xsd: String) throws {
        let check = TrafficCheck(contracts: [.init(document: Self.clinic, verifier: ContractVerifier(document: Self.clinic))])
        let result = check.run(try Self.records("Tests/Fixtures/har/clinic-violations.har"))
        let report = JUnitReport(traffic: result, timestamp: JUnitWriterTests.clock, hostname: "ci")
        let url = Scratch.path("junit", extension: "xml")
        try JUnitWriter.write(report, to: url)
        let schema = Corpus.root.appendingPathComponent("junit-xsd/\(xsd)")
        #expect(XMLSchemaValidator.problems(in: url.path, against: schema.path) == [])
    }

    static let unreadable = [
        TrafficReadError(location: SourceLocation(file: "big.har", position: .unknown), message: "the file is over 64 MiB"),
        TrafficReadError(location: SourceLocation(file: "r.jsonl", line: 3, column: 1), message: "not a recorded exchange"),
    ]

    @Test("traffic files that could not be read are errored cases of their own suite")
    func unreadableFiles() throws {
        let check = TrafficCheck(contracts: [.init(document: Self.clinic, verifier: ContractVerifier(document: Self.clinic))])
        let report = JUnitReport(
            traffic: check.run([]), timestamp: JUnitWriterTests.clock, hostname: "ci", unreadable: Self.unreadable)
        let suite = try #require(report.suites.last)
        #expect(suite.name == JUnitReport.unreadableSuite)
        #expect(suite.errors == 2 && suite.cases.map(\.name) == ["big.har", "r.jsonl"])
        #expect(
            suite.cases[1].outcome
                == .errored(
                    .init(
                        message: "not a recorded exchange", type: "traffic.unreadable", body: "r.jsonl:3:1: error: not a recorded exchange")
                ))
        #expect(JUnitReport(traffic: check.run([]), timestamp: JUnitWriterTests.clock, hostname: "ci").suites.count == 1)
    }

    @Test(
        "a report with unreadable traffic files is valid against both XSDs", .corpus("junit-xsd"),
        arguments: JUnitWriterTests.xsds)
    func unreadableFilesSchemaValid(xsd: String) throws {
        let check = TrafficCheck(contracts: [.init(document: Self.clinic, verifier: ContractVerifier(document: Self.clinic))])
        let report = JUnitReport(
            traffic: check.run([]), timestamp: JUnitWriterTests.clock, hostname: "ci", unreadable: Self.unreadable)
        let url = Scratch.path("junit", extension: "xml")
        try JUnitWriter.write(report, to: url)
        let schema = Corpus.root.appendingPathComponent("junit-xsd/\(xsd)")
        #expect(XMLSchemaValidator.problems(in: url.path, against: schema.path) == [])
    }
}
