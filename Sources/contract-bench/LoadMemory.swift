import ContractSpec
import Foundation

/// The two peak-memory figures of `contract-bench load`, each taken in a fresh process.
///
/// `fresh` is the `VmHWM` of a process before and after its first load: it also counts the code
/// pages the load touches for the first time and the runtime's one-time set-up (several MB, which
/// dominates small files). `warm` first loads two tiny contracts of the same format (Swagger 2.0 and
/// OpenAPI 3.0, with schemas to compile), then resets the high-water mark to the current resident
/// size (`echo 5 > /proc/self/clear_refs`, Linux ≥ 4.0) and measures the load alone: the memory the
/// load itself needs. Tiny warm-up documents leave almost nothing in the allocator's free lists for
/// the measured load to reuse, so they do not hide its memory the way loading the same file twice would.
enum LoadMemory {
    /// Loads `path` once and returns the peak resident memory it added, warmed up first when `warm`.
    /// `nil` when the high-water mark cannot be reset (not Linux, or /proc not writable).
    static func measure(_ path: String, warm: Bool) -> (bytes: Int, operations: Int)? {
        let url = URL(fileURLWithPath: path)
        let root = url.deletingLastPathComponent()
        if warm {
            warmUp(json: url.pathExtension == "json")
            guard resetPeak() else { return nil }
        }
        let before = peakResidentBytes()
        let result = ContractLoader(rootDirectory: root).load(url, checks: .schemas)
        return (peakResidentBytes() - before, result.document?.operations.count ?? 0)
    }

    /// Loads the tiny contracts in the format of the measured file, so that the code and the
    /// runtime state a load needs are in place before the high-water mark is reset.
    private static func warmUp(json: Bool) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "contract-bench-warm-up-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else {
            return
        }
        for (name, text) in json
            ? [("v2.json", swagger2JSON), ("v3.json", openAPI3JSON)]
            : [("v2.yaml", swagger2YAML), ("v3.yaml", openAPI3YAML)]
        {
            let url = folder.appendingPathComponent(name)
            guard (try? Data(text.utf8).write(to: url)) != nil else { continue }
            _ = ContractLoader(rootDirectory: folder).load(url, checks: .schemas)
        }
    }

    /// Sets `VmHWM` to the current resident size.
    private static func resetPeak() -> Bool {
        #if os(Linux)
            guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
            defer { try? handle.close() }
            return (try? handle.write(contentsOf: Data("5".utf8))) != nil
        #else
            return false
        #endif
    }

    /// The peak resident memory of this process image. On Linux `VmHWM` is read from /proc: unlike
    /// `ru_maxrss`, it starts afresh at exec instead of inheriting the parent's peak, and it can be reset.
    static func peakResidentBytes() -> Int {
        #if os(Linux)
            let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
                let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
                return kilobytes * 1024
            }
            return 0
        #else
            var usage = rusage()
            getrusage(RUSAGE_SELF, &usage)
            return usage.ru_maxrss
        #endif
    }

    private static let openAPI3YAML = """
        openapi: 3.0.3
        info:
          title: Warm-up
          version: "1"
        paths:
          /items/{id}:
            get:
              operationId: getItem
              parameters:
                - name: id
                  in: path
                  required: true
                  schema:
                    type: string
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
                        $ref: "#/components/schemas/Item"
        components:
          schemas:
            Item:
              type: object
              required: [id]
              properties:
                id:
                  type: string
                  pattern: "^[a-z]+$"
                count:
                  type: integer
                  minimum: 0
                  nullable: true
                tags:
                  type: array
                  items:
                    type: string
                    enum: [a, b]

        """

    private static let swagger2YAML = """
        swagger: "2.0"
        info:
          title: Warm-up (Swagger)
          version: "2.1"
        paths:
          /orders/{orderId}:
            get:
              operationId: listOrderLines
              parameters:
                - name: orderId
                  required: true
                  in: path
                  type: string
                - name: limit
                  in: query
                  type: integer
                  maximum: 10
              responses:
                "200":
                  description: ok
                  schema:
                    $ref: "#/definitions/Line"
        definitions:
          Line:
            required: [sku]
            type: object
            properties:
              sku:
                format: uuid
                type: string
              tags:
                type: array
                items:
                  type: string

        """

    private static let openAPI3JSON = """
        {"openapi": "3.0.3", "info": {"title": "Warm-up", "version": "1"},
         "paths": {"/items/{id}": {"get": {"operationId": "getItem",
           "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
           "responses": {"200": {"description": "ok", "content": {"application/json": {
             "schema": {"$ref": "#/components/schemas/Item"}}}}}}}},
         "components": {"schemas": {"Item": {"type": "object", "required": ["id"], "properties": {
           "id": {"type": "string", "pattern": "^[a-z]+$"},
           "count": {"type": "integer", "minimum": 0, "nullable": true},
           "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}}}}}}

        """

    private static let swagger2JSON = """
        {"swagger": "2.0", "info": {"title": "Warm-up", "version": "1"},
         "paths": {"/items/{id}": {"get": {"operationId": "getItem",
           "parameters": [{"name": "id", "in": "path", "required": true, "type": "string"},
             {"name": "limit", "in": "query", "type": "integer", "maximum": 10}],
           "responses": {"200": {"description": "ok", "schema": {"$ref": "#/definitions/Item"}}}}}},
         "definitions": {"Item": {"type": "object", "required": ["id"], "properties": {
           "id": {"type": "string", "format": "uuid"},
           "tags": {"type": "array", "items": {"type": "string"}}}}}}

        """
}
