// The floor of the mock server's load benchmark (BENCHMARKS.md): a trivial Hummingbird handler that
// answers every request with the same small JSON body, on the same server set-up as `contract-check mock`
// (HTTP/1.1, loopback). `mock-floor PORT` (0: any free port, printed on the first line).
import Foundation
import Hummingbird
import Logging

let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 0
let body = ByteBuffer(string: #"{"id":"8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f","name":"Biscuit","species":"dog"}"#)
let responder = CallbackResponder { (_: Request, _: BasicRequestContext) in
    var headers = HTTPFields()
    headers[.contentType] = "application/json"
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
}
var logger = Logger(label: "mock-floor")
logger.logLevel = .warning
let app = Application(
    responder: responder, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port)),
    onServerRunning: { channel in
        let line = "mock-floor: serving on http://127.0.0.1:\(channel.localAddress?.port ?? port)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }, logger: logger)
try await app.runService()
