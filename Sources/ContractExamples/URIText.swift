import Foundation

/// URI reference resolution (RFC 3986 §5.2) through Foundation, as the loader does it.
enum URIText {
    /// `reference` resolved against `base`; `reference` unchanged when either cannot be read.
    static func resolve(_ reference: String, against base: String) -> String {
        if reference.hasPrefix("#") { return withoutFragment(base) + reference }
        guard let baseURL = URL(string: base), let url = URL(string: reference, relativeTo: baseURL) else {
            return reference
        }
        return url.absoluteString
    }

    /// The URI up to its `#`.
    static func withoutFragment(_ uri: String) -> String {
        guard let hash = uri.firstIndex(of: "#") else { return uri }
        return String(uri[..<hash])
    }

    /// Whether the URI has a `#` (byte search: `String.contains` with a string goes through Foundation's
    /// locale-aware search, which showed in first-use profiles).
    static func hasFragment(_ uri: String) -> Bool {
        uri.utf8.contains(UInt8(ascii: "#"))
    }

    /// The part after `#`, or `""`.
    static func fragment(_ uri: String) -> String {
        guard let hash = uri.firstIndex(of: "#") else { return "" }
        return String(uri[uri.index(after: hash)...])
    }
}
