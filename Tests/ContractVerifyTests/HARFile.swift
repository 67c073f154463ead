import ContractJSON
import ContractVerify
import Foundation

/// A minimal HAR 1.2 reader for the tests (the production reader belongs to the report module).
enum HARFile {
    static func exchanges(at url: URL) throws -> [HTTPExchange] {
        let data = try Data(contentsOf: url)
        let root = try JSONParser.parse([UInt8](data))
        guard case .array(let entries) = root["log"]?["entries"] else { return [] }
        return entries.compactMap(exchange)
    }

    private static func exchange(_ entry: JSONValue) -> HTTPExchange? {
        guard let request = entry["request"], let response = entry["response"],
            let method = request["method"]?.stringValue, let url = request["url"]?.stringValue
        else { return nil }
        var body = HTTPBody.empty
        if let post = request["postData"] {
            if let text = post["text"]?.stringValue {
                body = HTTPBody(text: text)
            } else if case .array(let params) = post["params"] {
                let pairs = params.map { param in
                    PercentEncoding.encodeComponent(param["name"]?.stringValue ?? "") + "="
                        + PercentEncoding.encodeComponent(param["value"]?.stringValue ?? "")
                }
                body = HTTPBody(text: pairs.joined(separator: "&"))
            }
        }
        guard let httpRequest = HTTPRequest(method: method, url: url, headers: headers(request), body: body) else {
            return nil
        }
        let status = Int(response["status"]?.numberValue?.int64Value ?? 0)
        return HTTPExchange(
            request: httpRequest,
            response: HTTPResponse(status: status, headers: headers(response), body: content(response["content"])))
    }

    private static func headers(_ message: JSONValue) -> HTTPHeaders {
        guard case .array(let list) = message["headers"] else { return HTTPHeaders() }
        return HTTPHeaders(
            list.map { HTTPHeaders.Field(name: $0["name"]?.stringValue ?? "", value: $0["value"]?.stringValue ?? "") })
    }

    private static func content(_ content: JSONValue?) -> HTTPBody {
        guard let content else { return .empty }
        guard let text = content["text"]?.stringValue else {
            let size = content["size"]?.numberValue?.int64Value ?? 0
            return size > 0 ? .unavailable : .empty
        }
        if content["encoding"]?.stringValue == "base64" {
            return Data(base64Encoded: text).map(HTTPBody.init) ?? .unavailable
        }
        return HTTPBody(text: text)
    }
}
