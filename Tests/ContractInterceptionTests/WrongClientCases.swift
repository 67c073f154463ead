import ContractTestSupport

extension WrongClientCase {
    static let petId = ClinicSamples.petId
    static let report = "/reports/appointments?from=2025-03-10&to=2025-03-14"
    static let form = "application/x-www-form-urlencoded"
    static let multipartType = "multipart/form-data; boundary=XYZ"

    /// Wrong clients of the clinic contract; the status is what the backend answers: the status the failure
    /// calls for (401 credentials, 404 a path parameter, 415 the media type, 406 `Accept`, 422 a body that
    /// breaks its schema, else 400) from the operation's own response or its `default`, and 404/405 for
    /// unmatched routes.
    static let cases: [WrongClientCase] = [
        .init(name: "misspelt path", method: "GET", path: "/petz", expected: ["route.not-found"], status: 404),
        .init(
            name: "path without version", method: "GET", path: "", url: "https://api.clinic.example.com/pets",
            expected: ["route.server-not-found"], status: 404),
        .init(
            name: "wrong method", method: "POST", path: "/pets/\(petId)", body: "{}",
            expected: ["route.method-not-allowed"], status: 405),
        .init(
            name: "PUT on a collection", method: "PUT", path: "/pets", body: newPet,
            expected: ["route.method-not-allowed"], status: 405),
        .init(
            name: "unknown host", method: "GET", path: "", url: "https://api.example.org/v1/pets",
            expected: ["route.server-not-found"], status: 404),
        .init(name: "trailing slash", method: "GET", path: "/pets/", expected: ["route.not-found"], status: 404),
        .init(name: "missing auth", method: "GET", path: "/pets", auth: false, expected: ["request.security"], status: 401),
        .init(
            name: "missing auth on createPet", method: "POST", path: "/pets", body: newPet, auth: false,
            expected: ["request.security"], status: 401),
        .init(
            name: "bearer without a token", method: "GET", path: "/pets", headers: ["Authorization": "Bearer "],
            auth: false, expected: ["request.security"], status: 401),
        .init(
            name: "token without scheme", method: "GET", path: "/pets", headers: ["Authorization": "eyJhbGciOi"],
            auth: false, expected: ["request.security"], status: 401),
        .init(
            name: "API key in the wrong header", method: "GET", path: "/pets", headers: ["X-Api-Token": "np_live_1"],
            auth: false, expected: ["request.security"], status: 401),
        .init(
            name: "bearer where basic is required", method: "GET", path: report, expected: ["request.security"],
            status: 401),
        .init(
            name: "malformed basic credentials", method: "GET", path: report, headers: ["Authorization": "Basic !!!"],
            auth: false, expected: ["request.security"], status: 401),
        .init(
            name: "missing required field", method: "POST", path: "/pets",
            body: #"{"name":"Pepper","ownerId":"\#(ownerId)"}"#, expected: ["request.body.schema"], status: 422),
        .init(
            name: "wrong type in body", method: "POST", path: "/pets",
            body: #"{"name":42,"species":"dog","ownerId":"\#(ownerId)"}"#, expected: ["request.body.schema"],
            status: 422),
        .init(
            name: "enum value outside the list", method: "POST", path: "/pets",
            body: #"{"name":"Rex","species":"dragon","ownerId":"\#(ownerId)"}"#, expected: ["request.body.schema"],
            status: 422),
        .init(
            name: "uuid field not a uuid", method: "POST", path: "/pets",
            body: #"{"name":"Rex","species":"dog","ownerId":"42"}"#, expected: ["request.body.schema"], status: 422),
        .init(
            name: "readOnly property sent", method: "POST", path: "/owners",
            body: #"{"id":"\#(ownerId)","fullName":"Dana","email":"dana@example.net"}"#,
            expected: ["request.body.schema"], status: 422),
        .init(
            name: "snake_case keys sent for camelCase", method: "POST", path: "/pets",
            body: #"{"name":"Rex","species":"dog","owner_id":"\#(ownerId)"}"#, expected: ["request.body.schema"],
            status: 422),
        .init(
            name: "missing required body", method: "POST", path: "/pets", expected: ["request.body.missing"],
            status: 400),
        .init(
            name: "wrong content type", method: "POST", path: "/pets", body: newPet, contentType: "text/plain",
            expected: ["request.body.media-type"], status: 415),
        .init(
            name: "no content type", method: "POST", path: "/pets", body: newPet, contentType: nil,
            expected: ["request.body.media-type"], status: 415),
        .init(
            name: "merge patch sent as plain JSON", method: "PATCH", path: "/pets/\(petId)", body: #"{"weightKg":10.9}"#,
            expected: ["request.body.media-type"], status: 415),
        .init(
            name: "malformed JSON", method: "POST", path: "/pets", body: #"{"name":"Pepper","#,
            expected: ["request.body.malformed"], status: 400),
        .init(
            name: "body on a GET", method: "GET", path: "/pets/\(petId)", body: "{}",
            expected: ["request.body.unexpected"], status: 400),
        .init(
            name: "path parameter not a uuid", method: "GET", path: "/pets/not-a-uuid",
            expected: ["request.parameter.schema"], status: 404),
        .init(
            name: "invoice id breaks its pattern", method: "GET", path: "/invoices/INV-25-1",
            expected: ["request.parameter.schema"], status: 404),
        .init(
            name: "limit above maximum", method: "GET", path: "/pets?limit=500", expected: ["request.parameter.schema"],
            status: 400),
        .init(
            name: "limit not an integer", method: "GET", path: "/pets?limit=ten", expected: ["request.parameter.schema"],
            status: 400),
        .init(
            name: "species outside the enum", method: "GET", path: "/pets?species=dog,fish",
            expected: ["request.parameter.schema"], status: 400),
        .init(
            name: "status outside the enum", method: "GET", path: "/pets?status=lost",
            expected: ["request.parameter.schema"], status: 400),
        .init(
            name: "deepObject with an unknown property", method: "GET", path: "/appointments?filter%5Bcolor%5D=red",
            expected: ["request.parameter.schema"], status: 400),
        .init(
            name: "deepObject sent as a plain value", method: "GET", path: "/appointments?filter=checkup",
            expected: ["request.parameter.malformed"], status: 400),
        .init(
            name: "missing required query parameter", method: "DELETE", path: "/appointments/\(petId)",
            expected: ["request.parameter.missing"], status: 400),
        .init(
            name: "boolean query parameter as yes", method: "DELETE",
            path: "/appointments/\(petId)?reason=other&notifyOwner=yes", expected: ["request.parameter.schema"],
            status: 400),
        .init(
            name: "date query parameter in US format", method: "GET",
            path: "/reports/appointments?from=03/10/2025&to=2025-03-14",
            headers: ["Authorization": "Basic dXNlcjpwYXNz"], auth: false, expected: ["request.parameter.schema"],
            status: 400),
        .init(
            name: "missing required header", method: "POST", path: "/appointments", body: appointment,
            expected: ["request.parameter.missing"], status: 400),
        .init(
            name: "idempotency key too short", method: "POST", path: "/appointments",
            headers: ["Idempotency-Key": "short"], body: appointment, expected: ["request.parameter.schema"],
            status: 400),
        .init(
            name: "request id not a uuid", method: "GET", path: "/pets/\(petId)", headers: ["X-Request-ID": "42"],
            expected: ["request.parameter.schema"], status: 400),
        .init(
            name: "cookie breaks its pattern", method: "GET", path: "/veterinarians",
            headers: ["Cookie": "clinic=boston"], auth: false, expected: ["request.parameter.schema"], status: 400),
        .init(
            name: "Accept no response satisfies", method: "GET", path: "/pets", headers: ["Accept": "text/csv"],
            expected: ["request.accept"], status: 406),
        .init(
            name: "form without a required field", method: "POST", path: "/inquiries",
            body: "name=Sam&message=Do%20you%20see%20budgies%3F", contentType: form, auth: false,
            expected: ["request.body.schema"], status: 422),
        .init(
            name: "form sent as JSON", method: "POST", path: "/inquiries", body: #"{"name":"Sam"}"#, auth: false,
            expected: ["request.body.media-type"], status: 400),
        .init(
            name: "multipart part of the wrong type", method: "POST", path: "/pets/\(petId)/records",
            body: multipart(metadata: #"{"category":"other","title":"X"}"#, fileType: "text/html"),
            contentType: multipartType, expected: ["request.body.media-type"], status: 415),
        .init(
            name: "multipart metadata without title", method: "POST", path: "/pets/\(petId)/records",
            body: multipart(metadata: #"{"category":"other"}"#), contentType: multipartType,
            expected: ["request.body.schema"], status: 422),
        .init(
            name: "several problems at once", method: "POST", path: "/pets",
            body: #"{"name":"","ownerId":"\#(ownerId)"}"#, auth: false,
            expected: ["request.security", "request.body.schema", "request.body.schema"], status: 401),
    ]
}
