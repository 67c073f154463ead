import ContractTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

enum Requests {
    static let clinic = ClinicSamples.base
    static let bearer = ClinicSamples.bearer
    static let petId = ClinicSamples.petId
    static let pet = ClinicSamples.pet

    static func getPet(_ id: String = petId, auth: Bool = true) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: "\(clinic)/pets/\(id)")))
        if auth { request.setValue(bearer, forHTTPHeaderField: "Authorization") }
        return request
    }

    static func status(_ response: URLResponse) -> Int {
        (response as? HTTPURLResponse)?.statusCode ?? -1
    }
}
