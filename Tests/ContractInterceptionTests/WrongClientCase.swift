import ContractTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A deliberately wrong client call: the request as a buggy client would build it with `URLRequest`, the
/// violation kinds the backend must record (exactly, in order) and the status it must answer with.
struct WrongClientCase: CustomTestStringConvertible, Sendable {
    let name: String
    let method: String
    let path: String
    var headers: [String: String] = [:]
    var body: String?
    var contentType: String? = "application/json"
    var auth = true
    var url: String?
    let expected: [String]
    let status: Int

    var testDescription: String { name }

    static let ownerId = "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e"
    static let newPet = #"{"name":"Pepper","species":"rabbit","ownerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e"}"#
    static let appointment =
        #"{"kind":"checkup","petId":"\#(ClinicSamples.petId)","vetId":"\#(ClinicSamples.petId)","#
        + #""startsAt":"2025-03-20T14:30:00Z","durationMinutes":30,"reason":"Annual"}"#

    func urlRequest() throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: url ?? ClinicSamples.base + path)))
        request.httpMethod = method
        if auth { request.setValue(ClinicSamples.bearer, forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = Data(body.utf8)
            if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    static func multipart(metadata: String, fileType: String = "application/pdf") -> String {
        "--XYZ\r\nContent-Disposition: form-data; name=\"metadata\"\r\nContent-Type: application/json\r\n\r\n"
            + metadata
            + "\r\n--XYZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n"
            + "Content-Type: \(fileType)\r\n\r\n%PDF-1.4\r\n--XYZ--\r\n"
    }
}
