import ContractVerify

extension ViolationCase {
    /// Wrong responses to valid requests against the clinic contract.
    static let responseCases: [ViolationCase] = [
        .init(
            name: "undocumented status",
            request: request(
                "POST", "/inquiries", body: "name=Sam&email=sam%40example.org&message=Hello%20there%21",
                contentType: "application/x-www-form-urlencoded", auth: false),
            response: response(201, #"{"reference":"INQ-7F3K9Q","receivedAt":"2025-03-14T09:20:31Z"}"#),
            expected: ["response.status.undocumented"]),
        .init(
            name: "missing required response header", request: request("POST", "/pets", body: newPet),
            response: response(201, pet), expected: ["response.header.missing"]),
        .init(
            name: "response header breaks its pattern", request: request("GET", "/pets/\(petId)"),
            response: response(200, pet, headers: [("ETag", "abc")]), expected: ["response.header.schema"]),
        .init(
            name: "rate limit header negative", request: request("GET", "/pets"),
            response: response(200, #"{"items":[],"nextCursor":null}"#, headers: [("X-RateLimit-Remaining", "-1")]),
            expected: ["response.header.schema"]),
        .init(
            name: "429 without Retry-After", request: request("GET", "/pets"),
            response: response(
                429, problem, headers: [("Content-Type", "application/problem+json")], json: false),
            expected: ["response.header.missing"]),
        .init(
            name: "undocumented content type", request: request("GET", "/pets/\(petId)"),
            response: response(200, "<p>Biscuit</p>", headers: [("Content-Type", "text/html")], json: false),
            expected: ["response.content-type"]),
        .init(
            name: "response body without a required property", request: request("GET", "/pets/\(petId)"),
            response: response(200, #"{"name":"Biscuit","species":"dog","ownerId":"\#(ownerId)"}"#),
            expected: ["response.body.schema", "response.body.schema", "response.body.schema", "response.body.schema"]),
        .init(
            name: "writeOnly property in a response",
            request: request("POST", "/owners", body: #"{"fullName":"Dana","email":"dana@example.net"}"#),
            response: response(
                201, #"{"fullName":"Dana","email":"dana@example.net","portalPassword":"correct-horse-42"}"#,
                headers: [("Location", "https://api.clinic.example.com/v1/owners/1")]),
            expected: ["response.body.schema"]),
        .init(
            name: "malformed response JSON", request: request("GET", "/pets/\(petId)"), response: response(200, "{"),
            expected: ["response.body.malformed"]),
        .init(
            name: "body with a status that documents none", request: request("DELETE", "/pets/\(petId)"),
            response: response(204, "{}"), expected: ["response.body.unexpected"]),
        .init(
            name: "empty body where one is documented", request: request("GET", "/pets/\(petId)"),
            response: response(200), expected: ["response.body.missing"]),
        .init(
            name: "problem sent as plain JSON", request: request("GET", "/pets/\(petId)"),
            response: response(404, problem), expected: ["response.content-type"]),
    ]

    /// Exchanges that must pass: they guard the cases above against passing for the wrong reason.
    static let validCases: [ViolationCase] = [
        .init(name: "valid getPet", request: request("GET", "/pets/\(petId)"), response: response(200, pet), expected: []),
        .init(
            name: "API key instead of bearer",
            request: request("GET", "/pets", headers: [("x-api-key", "np_live_1")], auth: false),
            response: response(200, #"{"items":[],"nextCursor":null}"#), expected: []),
        .init(
            name: "unknown query parameter outside strict mode", request: request("GET", "/pets?colour=brown"),
            response: nil, expected: []),
        .init(
            name: "default response for a 500", request: request("GET", "/pets"),
            response: response(
                500, problem.replacingOccurrences(of: "429", with: "500"), headers: [("Content-Type", "application/problem+json")],
                json: false),
            expected: []),
        .init(
            name: "trailing slash ignored by policy", request: request("GET", "/pets/"), response: nil, expected: [],
            options: VerifierOptions(trailingSlash: .ignore)),
        .init(
            name: "local server", request: request("GET", "", url: "http://localhost:8080/v1/pets?limit=3"), response: nil,
            expected: []),
        .init(
            name: "base URL from the options", request: request("GET", "", url: "http://clinic.test/api/pets/\(petId)"),
            response: nil, expected: [], options: VerifierOptions(baseURLs: ["http://clinic.test/api"])),
        .init(
            name: "HEAD answered by GET", request: request("HEAD", "/pets/\(petId)"),
            response: HTTPResponse(status: 200, headers: ["Content-Type": "application/json"]), expected: []),
        .init(
            name: "optional security on the public directory",
            request: request("GET", "/veterinarians?specialty=surgery", auth: false), response: nil, expected: []),
        .init(
            name: "percent-encoded path segment",
            request: request("GET", "/invoices/INV%2D2025%2D000142"), response: nil, expected: []),
    ]
}
