/// The cookies of a request's `Cookie` header fields (`a=1; b=2`), values as sent.
struct CookieJar: Sendable {
    let cookies: [(name: String, value: Substring)]

    /// No cookies, for an operation that reads none: parsing an empty list of headers still went through
    /// `values(_:)` and its array.
    init() {
        cookies = []
    }

    init(_ headers: HTTPHeaders) {
        var cookies: [(name: String, value: Substring)] = []
        for field in headers.values("Cookie") {
            for piece in field.splitting(at: UInt8(ascii: ";")) {
                let pair = piece.splitting(at: UInt8(ascii: "="), maxSplits: 1)
                let name = pair[0].trimmingSpaces
                guard !name.isEmpty else { continue }
                var value = pair.count > 1 ? Substring(pair[1].trimmingSpaces) : ""
                // RFC 6265 allows the value in double quotes.
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = value.dropFirst().dropLast()
                }
                cookies.append((name, value))
            }
        }
        self.cookies = cookies
    }

    func values(named name: String) -> [Substring] {
        cookies.compactMap { $0.name == name ? $0.value : nil }
    }
}
