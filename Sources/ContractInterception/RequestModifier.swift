import ContractJSON
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A change a backend makes to each request before verifying it and answering or forwarding it
/// (`ContractBackend.modifyRequests`), so that what it adds (a credential, say) is verified and sent.
///
/// ```swift
/// backend.modifyRequests(.header("Authorization", "Bearer \(token)"), .queryItem("tenant", "north"))
/// ```
public struct RequestModifier: Sendable {
    let modify: @Sendable (inout URLRequest) -> Void

    /// A modifier that changes the request as `modify` does.
    public init(_ modify: @escaping @Sendable (inout URLRequest) -> Void) {
        self.modify = modify
    }

    /// Sets header `name` to `value`, replacing any value the client sent.
    public static func header(_ name: String, _ value: String) -> RequestModifier {
        RequestModifier { $0.setValue(value, forHTTPHeaderField: name) }
    }

    /// Removes header `name`.
    public static func removingHeader(_ name: String) -> RequestModifier {
        RequestModifier { $0.setValue(nil, forHTTPHeaderField: name) }
    }

    /// Adds the query item `name=value` (percent-encoded as a query component).
    public static func queryItem(_ name: String, _ value: String) -> RequestModifier {
        RequestModifier { request in
            guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
            else { return }
            components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: name, value: value)]
            if let changed = components.url { request.url = changed }
        }
    }

    /// Changes a JSON body with `patch`; a request without a JSON body is left as it is.
    public static func jsonBody(_ patch: @escaping @Sendable (inout JSONValue) -> Void) -> RequestModifier {
        RequestModifier { request in
            guard let body = request.httpBody, let changed = JSONPatch.apply(patch, to: Array(body)) else { return }
            request.httpBody = Data(changed)
        }
    }

    /// Sets the member `name` of a JSON object body to `value`.
    public static func jsonMember(_ name: String, _ value: JSONValue) -> RequestModifier {
        jsonBody { JSONPatch.setMember(name, value, in: &$0) }
    }
}

/// Applying a change to a JSON body's bytes, for both kinds of modifiers.
enum JSONPatch {
    /// The body's bytes changed by `patch`, or `nil` when they are not JSON.
    static func apply(_ patch: (inout JSONValue) -> Void, to bytes: [UInt8]) -> [UInt8]? {
        guard var value = try? JSONParser.parse(bytes) else { return nil }
        patch(&value)
        return JSONWriter.bytes(from: value)
    }

    /// Sets an object's member; leaves any other value as it is.
    static func setMember(_ name: String, _ member: JSONValue, in value: inout JSONValue) {
        guard case .object(var object) = value else { return }
        object[name] = member
        value = .object(object)
    }
}
