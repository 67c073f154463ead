/// A request and the response it got.
public struct HTTPExchange: Sendable, Hashable {
    /// The request.
    public var request: HTTPRequest
    /// The response.
    public var response: HTTPResponse

    /// Creates an exchange.
    public init(request: HTTPRequest, response: HTTPResponse) {
        self.request = request
        self.response = response
    }
}
