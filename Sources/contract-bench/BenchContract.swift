import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fake backend benchmark's contract: a POST whose request body is about 200 bytes and whose
/// synthesized 201 response is about 2 KB (ten line items of fixed-length fields).
enum BenchContract {
    static let yaml = """
        openapi: 3.1.0
        info: {title: Orders benchmark, version: '1'}
        servers: [{url: 'https://bench.example.com/v1'}]
        paths:
          /orders:
            post:
              operationId: createOrder
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/NewOrder'}
              responses:
                '201':
                  description: Created.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Order'}
        components:
          schemas:
            NewOrder:
              type: object
              required: [customerId, lines]
              properties:
                customerId: {type: string, format: uuid}
                note: {type: string, maxLength: 200}
                lines:
                  type: array
                  minItems: 1
                  items:
                    type: object
                    required: [sku, quantity]
                    properties:
                      sku: {type: string, pattern: '^[A-Z]{3}-[0-9]{6}$'}
                      quantity: {type: integer, minimum: 1}
            Order:
              type: object
              required: [id, customerId, status, lines, createdAt]
              properties:
                id: {type: string, format: uuid}
                customerId: {type: string, format: uuid}
                status: {type: string, enum: [received, packed, shipped]}
                createdAt: {type: string, format: date-time}
                lines:
                  type: array
                  minItems: 10
                  maxItems: 10
                  items:
                    type: object
                    required: [lineId, sku, title, quantity, unitPrice, currency, warehouse]
                    properties:
                      lineId: {type: string, format: uuid}
                      sku: {type: string, pattern: '^[A-Z]{3}-[0-9]{6}$'}
                      title: {type: string, minLength: 40, maxLength: 40}
                      quantity: {type: integer, minimum: 1, maximum: 9}
                      unitPrice: {type: integer, minimum: 100, maximum: 999}
                      currency: {type: string, enum: [EUR, USD]}
                      warehouse: {type: string, enum: [north, south]}
        """

    /// The folder a `contract-bench COMMAND DIR` names, and the contract written there as `write(into:)` does.
    static func written(for command: String, _ arguments: [String]) throws -> (folder: URL, contract: URL) {
        guard arguments.count == 1 else {
            throw BenchmarkMain.UsageError(description: "usage: contract-bench \(command) DIR")
        }
        let folder = URL(fileURLWithPath: arguments[0], isDirectory: true)
        return (folder, try write(into: folder))
    }

    /// Writes the contract to `bench.yaml` in `folder` (made if missing) and returns its URL.
    static func write(into folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let contract = folder.appendingPathComponent("bench.yaml")
        try Data(yaml.utf8).write(to: contract)
        return contract
    }

    /// A 200-byte `createOrder` request.
    static func request() throws -> URLRequest {
        guard let url = URL(string: "https://bench.example.com/v1/orders") else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(
            (#"{"customerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","note":"Leave at the back door, please.","#
                + #""lines":[{"sku":"ABC-123456","quantity":2},{"sku":"XYZ-654321","quantity":1},"#
                + #"{"sku":"QRS-000042","quantity":3}]}"#).utf8)
        return request
    }
}
