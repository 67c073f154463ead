import HTTPTypes
import Hummingbird
import NIOCore

/// The request context of the mock server: Hummingbird's core context, and the connection, which a
/// stubbed transport failure closes without an answer.
struct MockRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
