import ContractInterception
import ContractJSON
import ContractVerify

/// An exchange as the control API lists it: what a UI test asserts on.
enum ExchangeJSON {
    static func value(_ exchange: RecordedExchange, contract: String) -> JSONValue {
        var object = JSONObject()
        object["contract"] = .string(contract)
        object["operation"] = exchange.operation.map { .string($0.name) } ?? .null
        object["method"] = .string(exchange.request.method)
        object["path"] = .string(exchange.request.path)
        object["query"] = exchange.request.query.map { .string($0) } ?? .null
        object["status"] = exchange.response.map { .number(JSONNumber($0.status)) } ?? .null
        object["failed"] = .bool(exchange.failure != nil)
        object["violations"] = .array(exchange.violations.map { .string($0.description) })
        return .object(object)
    }
}
