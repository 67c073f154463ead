import ContractInterception
import ContractJSON
import ContractMockClient
import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stub as the control API takes it, in JSON, turned into the fake backend's `Scenario`:
///
/// `{"status": 404}`, `{"example": "catUnknownAge"}`, `{"status": 200, "dynamic": true, "seed": 7}`,
/// `{"status": 503, "undocumented": true}`, `{"failure": "timedOut"}`, `{"delayMs": 300}`,
/// `{"bytesPerSecond": 10000}`, `{"response": {"status": 201, "headers": {"Location": "/pets/1"}, "json": {…}}}`,
/// `{"sequence": [{"status": 429}, {"status": 200}]}`.
enum ScenarioJSON {
    /// Why a stub could not be read.
    struct Invalid: Error {
        var message: String
    }

    static func scenario(from value: JSONValue) throws(Invalid) -> Scenario {
        guard let object = value.objectValue else { throw Invalid(message: "a stub is a JSON object") }
        let known: Set<String> = [
            "status", "example", "dynamic", "seed", "undocumented", "failure", "delayMs", "bytesPerSecond",
            "response", "sequence",
        ]
        if let unknown = object.members.first(where: { !known.contains($0.key) }) {
            throw Invalid(
                message: "unknown stub field \"\(unknown.key)\"; known: \(known.sorted().joined(separator: ", "))")
        }
        var scenario = try answer(object)
        if let delay = try integer(object["delayMs"], "delayMs") {
            scenario = scenario.delayed(by: .milliseconds(delay))
        }
        if let rate = try integer(object["bytesPerSecond"], "bytesPerSecond") {
            scenario = scenario.throttled(bytesPerSecond: rate)
        }
        return scenario
    }

    private static func answer(_ object: JSONObject) throws(Invalid) -> Scenario {
        if let steps = object["sequence"] {
            guard let list = steps.arrayValue, !list.isEmpty else {
                throw Invalid(message: "\"sequence\" is a non-empty array of stubs")
            }
            var scenarios: [Scenario] = []
            for step in list { scenarios.append(try scenario(from: step)) }
            return .sequence(scenarios)
        }
        if let failure = object["failure"] {
            guard let name = failure.stringValue, let code = TransportErrorName.stubbableCode(named: name) else {
                throw Invalid(
                    message: "\"failure\" is one of \(TransportErrorName.stubbableNames.joined(separator: ", "))")
            }
            return .failure(code)
        }
        if let response = object["response"] { return try canned(response) }
        let status = try integer(object["status"], "status")
        if object["dynamic"]?.boolValue == true {
            let seed = try integer(object["seed"], "seed") ?? 0
            return .generated(status: status, mode: .random(seed: UInt64(max(seed, 0))))
        }
        if let seed = try integer(object["seed"], "seed") {
            return .synthesized(status: status, mode: .random(seed: UInt64(max(seed, 0))))
        }
        if let example = object["example"] {
            guard let name = example.stringValue else { throw Invalid(message: "\"example\" is a string") }
            return .example(name, status: status)
        }
        if let status {
            return .status(status, undocumented: object["undocumented"]?.boolValue == true)
        }
        return .synthesized()
    }

    private static func canned(_ value: JSONValue) throws(Invalid) -> Scenario {
        guard let object = value.objectValue, let status = try integer(object["status"], "response.status") else {
            throw Invalid(message: "\"response\" is an object with at least \"status\"")
        }
        var headers = HTTPHeaders()
        for member in object["headers"]?.objectValue?.members ?? [] {
            guard let text = member.value.stringValue else {
                throw Invalid(message: "response header \"\(member.key)\" is a string")
            }
            headers.add(member.key, text)
        }
        if let json = object["json"] {
            return .response(status: status, headers: headers, json: JSONWriter.string(from: json))
        }
        let body = object["body"]?.stringValue.map { HTTPBody(text: $0) } ?? .empty
        return .response(HTTPResponse(status: status, headers: headers, body: body))
    }

    private static func integer(_ value: JSONValue?, _ name: String) throws(Invalid) -> Int? {
        guard let value else { return nil }
        guard let number = value.numberValue?.int64Value else { throw Invalid(message: "\"\(name)\" is an integer") }
        return Int(number)
    }
}
