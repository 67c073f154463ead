import ContractVerify

extension ViolationCase {
    /// Wrong requests against the clinic contract.
    static let requestCases: [ViolationCase] = [
        .init(name: "misspelt path", request: request("GET", "/petz"), response: nil, expected: ["route.not-found"]),
        .init(
            name: "wrong method", request: request("POST", "/pets/\(petId)"), response: nil,
            expected: ["route.method-not-allowed"]),
        .init(
            name: "unknown host", request: request("GET", "", url: "https://api.example.org/v1/pets"), response: nil,
            expected: ["route.server-not-found"]),
        .init(
            name: "server variable outside its enum",
            request: request("GET", "", url: "https://staging.clinic.example.com/v1/pets"), response: nil,
            expected: ["route.server-not-found"]),
        .init(
            name: "trailing slash under the exact policy", request: request("GET", "/pets/"), response: nil,
            expected: ["route.not-found"]),
        .init(name: "missing auth", request: request("GET", "/pets", auth: false), response: nil, expected: ["request.security"]),
        .init(
            name: "malformed basic auth",
            request: request(
                "GET", "/reports/appointments?from=2025-03-10&to=2025-03-14", headers: [("Authorization", "Basic !!!")],
                auth: false), response: nil, expected: ["request.security"]),
        .init(
            name: "basic auth without a colon",
            request: request(
                "GET", "/reports/appointments?from=2025-03-10&to=2025-03-14", headers: [("Authorization", "Basic dXNlcg==")],
                auth: false), response: nil, expected: ["request.security"]),
        .init(
            name: "bearer where basic is required",
            request: request("GET", "/reports/appointments?from=2025-03-10&to=2025-03-14"), response: nil,
            expected: ["request.security"]),
        .init(
            name: "bearer without a token",
            request: request("GET", "/pets", headers: [("Authorization", "Bearer ")], auth: false), response: nil,
            expected: ["request.security"]),
        .init(
            name: "API key in the wrong header",
            request: request("GET", "/pets", headers: [("X-Api-Token", "np_live_1")], auth: false), response: nil,
            expected: ["request.security"]),
        .init(
            name: "missing required field",
            request: request("POST", "/pets", body: #"{"name":"Pepper","ownerId":"\#(ownerId)"}"#), response: nil,
            expected: ["request.body.schema"]),
        .init(
            name: "wrong type in body",
            request: request("POST", "/pets", body: #"{"name":42,"species":"dog","ownerId":"\#(ownerId)"}"#), response: nil,
            expected: ["request.body.schema"]),
        .init(
            name: "readOnly property in request",
            request: request("POST", "/owners", body: #"{"id":"\#(ownerId)","fullName":"Dana","email":"dana@example.net"}"#),
            response: nil, expected: ["request.body.schema"]),
        .init(name: "missing required body", request: request("POST", "/pets"), response: nil, expected: ["request.body.missing"]),
        .init(
            name: "wrong content type", request: request("POST", "/pets", body: newPet, contentType: "text/plain"),
            response: nil, expected: ["request.body.media-type"]),
        .init(
            name: "no content type", request: request("POST", "/pets", body: newPet, contentType: nil), response: nil,
            expected: ["request.body.media-type"]),
        .init(
            name: "merge patch sent as plain JSON",
            request: request("PATCH", "/pets/\(petId)", body: #"{"weightKg":10.9}"#), response: nil,
            expected: ["request.body.media-type"]),
        .init(
            name: "malformed JSON", request: request("POST", "/pets", body: #"{"name":"Pepper","#), response: nil,
            expected: ["request.body.malformed"]),
        .init(
            name: "body on an operation without one", request: request("GET", "/pets/\(petId)", body: "{}"), response: nil,
            expected: ["request.body.unexpected"]),
        .init(
            name: "path parameter not a uuid", request: request("GET", "/pets/not-a-uuid"), response: nil,
            expected: ["request.parameter.schema"]),
        .init(
            name: "invoice id breaks its pattern", request: request("GET", "/invoices/INV-25-1"), response: nil,
            expected: ["request.parameter.schema"]),
        .init(
            name: "limit above maximum", request: request("GET", "/pets?limit=500"), response: nil,
            expected: ["request.parameter.schema"]),
        .init(
            name: "limit not an integer", request: request("GET", "/pets?limit=ten"), response: nil,
            expected: ["request.parameter.schema"]),
        .init(
            name: "species outside the enum", request: request("GET", "/pets?species=dog,fish"), response: nil,
            expected: ["request.parameter.schema"]),
        .init(
            name: "species repeated", request: request("GET", "/pets?species=dog,dog"), response: nil,
            expected: ["request.parameter.schema"]),
        .init(
            name: "deepObject with an unknown property", request: request("GET", "/appointments?filter%5Bcolor%5D=red"),
            response: nil, expected: ["request.parameter.schema"]),
        .init(
            name: "deepObject without brackets", request: request("GET", "/appointments?filter=checkup"), response: nil,
            expected: ["request.parameter.malformed"]),
        .init(
            name: "deepObject with an unclosed bracket", request: request("GET", "/appointments?filter%5Bfrom=2025-03-01"),
            response: nil, expected: ["request.parameter.malformed"]),
        .init(
            name: "deepObject date not a date", request: request("GET", "/appointments?filter[from]=yesterday"),
            response: nil, expected: ["request.parameter.schema"]),
        .init(
            name: "missing required query parameter", request: request("DELETE", "/appointments/\(petId)"), response: nil,
            expected: ["request.parameter.missing"]),
        .init(
            name: "boolean query parameter not a boolean",
            request: request("DELETE", "/appointments/\(petId)?reason=other&notifyOwner=yes"), response: nil,
            expected: ["request.parameter.schema"]),
        .init(
            name: "missing required header",
            request: request(
                "POST", "/appointments",
                body:
                    #"{"kind":"checkup","petId":"\#(petId)","vetId":"\#(petId)","startsAt":"2025-03-20T14:30:00Z","durationMinutes":30,"reason":"Annual"}"#
            ), response: nil, expected: ["request.parameter.missing"]),
        .init(
            name: "header too short",
            request: request(
                "POST", "/appointments", headers: [("Idempotency-Key", "short")],
                body:
                    #"{"kind":"checkup","petId":"\#(petId)","vetId":"\#(petId)","startsAt":"2025-03-20T14:30:00Z","durationMinutes":30,"reason":"Annual"}"#
            ), response: nil, expected: ["request.parameter.schema"]),
        .init(
            name: "request id header not a uuid", request: request("GET", "/pets/\(petId)", headers: [("x-request-id", "42")]),
            response: nil, expected: ["request.parameter.schema"]),
        .init(
            name: "cookie breaks its pattern",
            request: request("GET", "/veterinarians", headers: [("Cookie", "session=1; clinic=boston")], auth: false),
            response: nil, expected: ["request.parameter.schema"]),
        .init(
            name: "unknown query parameter in strict mode", request: request("GET", "/pets?colour=brown"), response: nil,
            expected: ["request.parameter.unknown"], strict: true),
        .init(
            name: "Accept that no response satisfies", request: request("GET", "/pets", headers: [("Accept", "text/csv")]),
            response: nil, expected: ["request.accept"]),
        .init(
            name: "form without a required field",
            request: request(
                "POST", "/inquiries", body: "name=Sam&message=Do%20you%20see%20budgies%3F",
                contentType: "application/x-www-form-urlencoded", auth: false), response: nil,
            expected: ["request.body.schema"]),
        .init(
            name: "form array item outside the enum",
            request: request(
                "POST", "/inquiries", body: "name=Sam&email=sam%40example.org&message=Hello%20there%21&preferredDays=sun",
                contentType: "application/x-www-form-urlencoded", auth: false), response: nil,
            expected: ["request.body.schema"]),
        .init(
            name: "form sent as JSON",
            request: request("POST", "/inquiries", body: #"{"name":"Sam"}"#, auth: false), response: nil,
            expected: ["request.body.media-type"]),
        .init(
            name: "multipart part of the wrong type",
            request: request(
                "POST", "/pets/\(petId)/records",
                body: multipart(metadata: #"{"category":"other","title":"X"}"#, fileType: "text/html"),
                contentType: "multipart/form-data; boundary=XYZ"), response: nil, expected: ["request.body.media-type"]),
        .init(
            name: "multipart metadata without title",
            request: request(
                "POST", "/pets/\(petId)/records", body: multipart(metadata: #"{"category":"other"}"#),
                contentType: "multipart/form-data; boundary=XYZ"), response: nil, expected: ["request.body.schema"]),
        .init(
            name: "multipart without boundary",
            request: request(
                "POST", "/pets/\(petId)/records", body: multipart(metadata: "{}"), contentType: "multipart/form-data"),
            response: nil, expected: ["request.body.malformed"]),
        .init(
            name: "several problems at once",
            request: request("POST", "/pets?limit=1", body: #"{"name":"","ownerId":"\#(ownerId)"}"#, auth: false),
            response: nil, expected: ["request.parameter.unknown", "request.security", "request.body.schema", "request.body.schema"],
            strict: true),
    ]
}
