import ContractVerify

/// What a request sent for the headers its response's `Vary` names, kept with the response so that a
/// later request is answered with it only when it sends the same (RFC 9111, section 4.1): each named
/// header with the same value, or absent from both. An empty value is not an absent header.
struct VaryingHeaders: Equatable {
    /// By lower-case name; `nil` for a header the request did not send.
    private var values: [String: String?]

    /// The values `request` sent for the headers `response` names in `Vary`; `nil` for `Vary: *`, which
    /// no later request matches.
    init?(response: HTTPHeaders, request: HTTPRequest) {
        let names = FieldTokens.of(response.values("Vary"))
        guard !names.contains("*") else { return nil }
        var values: [String: String?] = [:]
        for name in names { values[name] = request.headers[name] }
        self.values = values
    }

    /// Whether `request` sends what the stored request sent for every varying header.
    func matches(_ request: HTTPRequest) -> Bool {
        values.allSatisfy { name, value in request.headers[name] == value }
    }

    /// The values as a property list, for a `CachedURLResponse`'s `userInfo`: a sent header as its
    /// value in a one-element list, an absent one as an empty list.
    var propertyList: [String: [String]] {
        values.mapValues { $0.map { [$0] } ?? [] }
    }

    /// The values read back from `propertyList`; `nil` for anything else.
    init?(propertyList: Any?) {
        guard let lists = propertyList as? [String: [String]], lists.values.allSatisfy({ $0.count <= 1 }) else {
            return nil
        }
        values = lists.mapValues(\.first)
    }
}
