import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

enum Requests {
    static let clinic = "https://api.clinic.example.com/v1"
    static let bearer = "Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzdGFmZiJ9.c2lnbmF0dXJl"
    static let petId = "8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f"
    static let pet =
        #"{"id":"8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f","name":"Biscuit","species":"dog","status":"active","#
        + #""ownerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","createdAt":"2023-02-11T15:20:00Z","#
        + #""updatedAt":"2025-01-09T10:02:11Z"}"#

    static func getPet(_ id: String = petId, auth: Bool = true) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: "\(clinic)/pets/\(id)")))
        if auth { request.setValue(bearer, forHTTPHeaderField: "Authorization") }
        return request
    }

    static func status(_ response: URLResponse) -> Int {
        (response as? HTTPURLResponse)?.statusCode ?? -1
    }
}
