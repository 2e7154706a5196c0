import Dispatch
import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree
import Typography

/// One unit of work in a session's ordered stream.
enum SessionJob: Sendable {
  /// A request (reply non-nil) or notification for this session.
  case call(SessionCall)
  /// Measured cell heights coming back from the layout queues; `widthChange` tags the relayout that a viewport
  /// width change started (its generation), so its end can be announced.
  case layoutResults([CellResult], widthChange: Int?)
  /// A finished display pass of a row (nil list and a reason when its layout failed).
  case displayResult(id: RowID, pass: UInt64, list: DisplayList?, failure: String?)
  /// The batch-fetch check after committed change sets, one turn later (Texture: the next main-queue turn), so that
  /// a `table/completeBatchFetching` sent right after the insert is handled first; `empty`: they changed nothing.
  case batchFetchCheck(empty: Bool)
  /// `session/dispose`: answer, then end the stream.
  case dispose(reply: Reply?)
  /// A request of this session was cancelled (`$/cancelRequest`): a query held behind a cancelled wait may go on.
  case requestCancelled
  /// Closing: every earlier job has been handled; the requests still waiting are answered -32800, the calls still
  /// queued are performed; resume and end the stream.
  case close(CheckedContinuation<Void, Never>)
}

/// One measured cell: height in points without separator, or the reason layout failed (height 0).
struct CellResult: Sendable {
  /// The row.
  let id: RowID
  /// The generation that was measured.
  let generation: UInt64
  /// Cell height in points.
  let height: Double
  /// Why the layout failed, when it did.
  let failure: String?
}

/// One table session: owns the `TableNode`, handles its jobs one at a time in arrival order (one stream, one
/// loop), lays cells out on the global concurrent queue and commits their results in order.
actor Session {
  /// The session's id.
  let id: String
  /// Viewport width W: every cell is laid out in [W×0, W×CGFLOAT_MAX]; `session/setViewport` changes it.
  var width: Double
  /// Viewport height.
  var height: Double
  /// Number of viewport width changes so far; only the latest one's relayout announces its end.
  var widthGeneration = 0
  /// The latest width change's relayout: chunks still out and the results collected so far.
  var widthRelayout: (chunks: Int, results: [CellResult]) = (0, [])
  /// Container visibility and batch fetching.
  var scrolling: ScrollingState
  /// Display lists of the rows in the display range and passes still running.
  var display = DisplayState()
  /// Pixel scale (1…4).
  let scale: Double
  /// The table model.
  var table: TableNode<LayoutElement>
  /// Limits in force (from `initialize`).
  let options: ServerOptions
  /// How this session decodes cells: `options.cellLimits`, and the font check unless `lenientFonts`.
  let cellDecoding: CellDecoding
  /// The engine laying out cells (Texture specs, text measured with the standard fonts).
  let engine: LayoutEngine
  /// `engine` for measuring cell heights in the background: boxes skip assembling their node layouts.
  let measuringEngine: LayoutEngine
  /// Pushes notifications to the client.
  let notify: @Sendable (Message) -> Void
  /// Internal change-set number of the initial empty reloadData (reported seqs are relative to it).
  let seqBase: Int
  /// `waitUntilAllUpdatesAreProcessed` requests waiting for the pending change sets to commit.
  var waiters: [Reply] = []
  /// Waits answered (or cancelled) since the run loop last settled the query lane: barriers it finished.
  var finishedWaits = 0
  /// True while a `waitUntilAllUpdatesAreProcessed` performed earlier is still unanswered.
  var isWaitPending: Bool { waiters.contains { !$0.isAnswered } }
  /// Cells handed to layout jobs whose results have not come back yet (inserts, reloads and relayouts alike).
  var outstandingLayouts = 0
  /// True while a submitted change set or a relayout has not been accepted yet.
  var isBusy: Bool { table.isProcessingUpdates || outstandingLayouts > 0 }
  /// Feeds this session's ordered job stream.
  nonisolated let jobs: AsyncStream<SessionJob>.Continuation
  /// Where geometry queries overtake queued edits that wait for layout.
  nonisolated let lane: QueryLane

  /// A session with one empty section; `jobs` must be fed by the caller and drained by `run(stream:)`.
  init(
    id: String, width: Double, height: Double, scale: Double, separators: Bool, batchFetching: Bool,
    interfaceStates: Bool,
    scrollAnchoring: Bool, lenientFonts: Bool = false,
    options: ServerOptions,
    registry: FontRegistry, jobs: AsyncStream<SessionJob>.Continuation, notify: @escaping @Sendable (Message) -> Void
  ) {
    self.id = id
    self.width = width
    self.height = height
    self.scale = scale
    var table = TableNode<LayoutElement>(separatorHeight: separators ? 1 / scale : 0)
    _ = try? table.reloadData([[]])
    seqBase = table.lastSubmittedSeq
    // A session's table is in a window from the start: ranges follow the viewport at offset 0.
    scrolling = ScrollingState(batchFetching: batchFetching, interfaceStates: interfaceStates)
    _ = table.setViewport(
      RangeViewport(bounds: Rect(x: 0, y: 0, width: width, height: height), containerState: [.visible, .display]))
    table.scrollAnchoring = scrollAnchoring
    // Entering the window checks batch fetching (texture.md §4.3): an empty table always fetches. Pushed before
    // the `session/create` answer.
    if batchFetching && table.checkBatchFetch(targetOffsetY: 0).shouldFetch {
      let size = JSONObject([("width", .double(width)), ("height", .double(0))])
      let offset = JSONObject([("x", .double(0)), ("y", .double(0))])
      notify(
        .notification(
          method: "table/willBeginBatchFetch",
          params: .object(
            JSONObject([
              ("sessionId", .string(id)), ("contentSize", .object(size)), ("contentOffset", .object(offset)),
            ]))))
    }
    self.table = table
    lane = QueryLane(
      sessionID: id,
      view: CommittedView(
        width: width, separator: table.separatorHeight, map: table.visibleMap,
        seq: 0))
    var environment = LayoutEnvironment.standard(scale: scale, registry: registry)
    environment.maxDepth = options.cellLimits.maxDepth
    engine = LayoutEngine(environment: environment)
    environment.sizesOnly = true
    measuringEngine = LayoutEngine(environment: environment)
    self.options = options
    cellDecoding = CellDecoding(
      limits: options.cellLimits, fonts: lenientFonts ? nil : FontCheck(registry: registry))
    self.jobs = jobs
    self.notify = notify
  }

  /// Drains the job stream in order until dispose. After every job the committed view is published to the query
  /// lane (which answers the geometry queries that waited for the job); jobs that may change the committed rows
  /// withdraw it first. A geometry query of the committed state that comes after a wait still waiting is held
  /// (with every call after it) until the wait is answered, as Texture's wait blocks the main thread.
  func run(_ stream: AsyncStream<SessionJob>) async {
    // Calls that arrive while a scroll waits for `neverShowPlaceholders` rows or while a query is held, handled in
    // order once that ends.
    var deferred: [SessionCall] = []
    // The barrier that made the session wait for display (it ends when the wait does).
    var blockingBarrier = false
    // A query waiting for a wait's answer.
    var held: SessionCall?
    for await job in stream {
      ShortSlice.request()
      var finishedBarriers = 0
      /// Performs one call, counting it once it is finished (a wait when it is answered).
      func performQueued(_ call: SessionCall) {
        if call.barrier { lane.withdraw() }
        let waiting = perform(call)
        call.ticket.release()
        guard call.barrier, !waiting else { return }
        if display.blocking != nil { blockingBarrier = true } else { finishedBarriers += 1 }
      }
      /// Performs one call, or holds it when it is a query of the committed state behind a wait.
      func admit(_ call: SessionCall) {
        if call.barrier, isWaitPending, call.isCommittedQuery {
          held = call
        } else {
          performQueued(call)
        }
      }
      switch job {
      case .call(var call):
        if display.blocking != nil || held != nil {
          deferred.append(call)
          continue
        }
        // A large insert's rows are decoded on the layout workers, in parallel, before it is performed.
        if let rows = call.rows, let member = call.method.unbuiltMember, call.reply?.isAnswered != true {
          call.rows = await rows.decodedAhead(path: "params.\(member)", using: cellDecoding)
        }
        admit(call)
      case .batchFetchCheck(let empty):
        checkBatchFetchAfterCommit(empty: empty)
      case .displayResult(let id, let pass, let list, let failure):
        acceptDisplay(id, pass: pass, list: list, failure: failure)
      case .layoutResults(let results, let widthChange):
        lane.withdraw()
        receive(results, widthChange: widthChange)
        answerWaitersIfIdle()
        MemoryTrimmer.shared.laidOut(results.count)
      case .requestCancelled:
        answerWaitersIfIdle()
      case .dispose(let reply):
        lane.settle(committedView, finishedBarriers: 0)
        display.blocking?.reply?.error(ServerError.unknownSession(id))
        for waiter in waiters { waiter.error(ServerError.unknownSession(id)) }
        waiters.removeAll()
        for call in (held.map { [$0] } ?? []) + deferred {
          call.reply?.error(ServerError.unknownSession(id))
          call.ticket.release()
        }
        jobs.finish()
        await releaseContents()
        reply?.result(.null)
        return
      case .close(let done):
        // Nothing more will commit: what still waits is answered -32800, then the queued calls are performed in
        // order (a wait or a blocking scroll among them is answered -32800 too).
        cancelWaiting()
        for call in (held.map { [$0] } ?? []) + deferred {
          perform(call)
          call.ticket.release()
          cancelWaiting()
        }
        lane.settle(committedView, finishedBarriers: 0)
        jobs.finish()
        done.resume()
        return
      }
      if blockingBarrier && display.blocking == nil {
        blockingBarrier = false
        finishedBarriers += 1
      }
      while true {
        if let query = held {
          if isWaitPending { break }
          held = nil
          performQueued(query)
        }
        guard display.blocking == nil, !deferred.isEmpty else { break }
        admit(deferred.removeFirst())
      }
      finishedBarriers += finishedWaits
      finishedWaits = 0
      lane.settle(committedView, finishedBarriers: finishedBarriers)
      if !isBusy { MemoryTrimmer.shared.sessionIdle() }
      // One busy session must not hold a pool thread while other sessions and the delivery loop wait.
      await Task.yield()
    }
  }

  /// Closing: answers the scroll waiting for display and the waits still waiting -32800 `request cancelled`.
  private func cancelWaiting() {
    display.blocking?.reply?.error(LayoutServer.cancelled)
    display.blocking = nil
    for waiter in waiters { waiter.error(LayoutServer.cancelled) }
    waiters.removeAll()
  }

  /// Runs one call's session handler and answers it. True when the call is a wait left waiting for change sets
  /// to commit (answered later).
  @discardableResult
  private func perform(_ call: SessionCall) -> Bool {
    let reply = call.reply
    if reply?.isAnswered == true { return false }  // cancelled while queued
    ServerLog.write(.log, "session \"\(id)\": \(call.method.name)")
    guard let handler = call.method.sessionHandler else {
      reply?.error(ServerError.methodNotFound(call.method.name))
      return false
    }
    do throws(ResponseError) {
      let p = try Params(call.params)
      switch try handler(self, p, call.rows) {
      case .result(let value): reply?.result(value)
      case .waitForCommit:
        guard let reply else { return false }
        guard isBusy else {
          reply.result(progress)
          return false
        }
        waiters.append(reply)
        return true
      case .waitForDisplay(let rows):
        display.blocking = (reply, rows)
      case .compute(let work):
        LayoutWorkers.shared.submit {
          do throws(ResponseError) {
            if reply?.isAnswered == true { return }
            let value = try work()
            reply?.result(value)
          } catch {
            reply?.error(error)
          }
        }
      }
    } catch {
      reply?.error(error)
    }
    return false
  }

  /// A reported seq from an internal change-set number.
  func seq(_ number: Int) -> Int64 { Int64(max(0, number - seqBase)) }

  /// `{width, height}` of the committed content.
  var contentSize: JSONValue { committedView.contentSize }

  /// `{seq, contentSize}`: last committed seq and committed content size.
  var progress: JSONValue {
    .object(JSONObject([("seq", .int(seq(table.lastCommittedSeq))), ("contentSize", contentSize)]))
  }

  /// Cells per layout job: small enough that the workers share a large insert evenly and that results stream
  /// back (commits and queries interleave), large enough that a job's overhead is negligible.
  static let layoutChunk = 32

  /// Lays out `requests` on the layout workers in chunks, in parallel, and feeds the results back into the job
  /// stream; `widthChange` tags the relayout of a width change (its results are accepted together).
  func schedule(_ requests: [LayoutRequest<LayoutElement>], widthChange: Int? = nil) {
    guard !requests.isEmpty else { return }
    let engine = measuringEngine
    let range = SizeRange(min: Size(width, 0), max: Size(width, CellSizeRange.cgFloatMax))
    let jobs = jobs
    outstandingLayouts += requests.count
    let chunks = stride(from: 0, to: requests.count, by: Session.layoutChunk).map {
      requests[$0..<min($0 + Session.layoutChunk, requests.count)]
    }
    if widthChange != nil {
      widthRelayout = (chunks: chunks.count, results: [])
    }
    for chunk in chunks {
      LayoutWorkers.shared.submit {
        let results = CellLayout.measure(chunk, engine: engine, range: range)
        jobs.yield(.layoutResults(results, widthChange: widthChange))
      }
    }
  }

  /// Takes one chunk of results: accepted at once, or collected until the whole width-change relayout is in
  /// (then accepted together and announced, one burst); chunks of a superseded width change are dropped.
  func receive(_ results: [CellResult], widthChange: Int?) {
    guard let widthChange else { return accept(results) }
    guard widthChange == widthGeneration else {
      outstandingLayouts -= results.count  // stale: a later width change re-laid these rows out
      return
    }
    widthRelayout.results += results
    widthRelayout.chunks -= 1
    guard widthRelayout.chunks == 0 else { return }
    let all = widthRelayout.results
    widthRelayout.results = []
    accept(all)
    publishWidthChangeFinished()
  }

  /// Records measured heights, logs failures, and pushes what committed (the caller then answers the waiters).
  func accept(_ results: [CellResult]) {
    outstandingLayouts -= results.count
    for result in results {
      if let failure = result.failure {
        ServerLog.write(.warning, "session \"\(id)\": row \"\(result.id)\" failed to lay out: \(failure)")
        notify(
          Notifications.logMessage(type: 1, "session \"\(id)\": row \"\(result.id)\" failed to lay out: \(failure)"))
      }
      do throws(NodeTreeError) {
        let acceptance = try table.acceptLayout(id: result.id, generation: result.generation, height: result.height)
        if acceptance.accepted && table.cell(result.id)?.generation == result.generation { contentChanged(result.id) }
        publish(acceptance.heightChanges)
        publish(acceptance.offsetAdjustment)
        publish(acceptance.interfaceEvents)
        publish(acceptance.commits)
      } catch {
        notify(Notifications.logMessage(type: 1, "session \"\(id)\": \(error.message)"))
      }
    }
  }

  /// Pushes `table/didCommit` for each commit with the anchoring and interface-state notifications that followed
  /// it, then runs the after-commit batch-fetch check.
  func publish(_ commits: [Commit]) {
    for commit in commits {
      var members: [(String, JSONValue)] = [
        ("sessionId", .string(id)), ("seq", .int(seq(commit.changeSet.seq))),
        ("contentSize", .object(JSONObject([("width", .double(width)), ("height", .double(commit.contentHeight))]))),
      ]
      if !commit.changeSet.insertedRows.isEmpty {
        members.append(("insertedRowIds", .array(commit.changeSet.insertedRows.map { .string($0.rawValue) })))
      }
      if !commit.changeSet.deletedRows.isEmpty {
        members.append(("deletedRowIds", .array(commit.changeSet.deletedRows.map { .string($0.rawValue) })))
      }
      notify(.notification(method: "table/didCommit", params: .object(JSONObject(members))))
      publish(commit.offsetAdjustment)
      publish(commit.releasedNodes)
      publish(commit.interfaceEvents)
    }
    if !commits.isEmpty && scrolling.batchFetching {
      jobs.yield(.batchFetchCheck(empty: commits.allSatisfy { $0.changeSet.isEmpty }))
    }
  }

  /// Answers every `waitUntilAllUpdatesAreProcessed` once no change set and no relayout is outstanding, so the
  /// notifications they caused are written before the answer.
  /// Each one answered or cancelled counts in `finishedWaits`.
  func answerWaitersIfIdle() {
    let count = waiters.count
    waiters.removeAll { $0.isAnswered }  // cancelled
    finishedWaits += count - waiters.count
    guard !isBusy, !waiters.isEmpty else { return }
    let answer = progress
    for waiter in waiters { waiter.result(answer) }
    finishedWaits += waiters.count
    waiters.removeAll()
  }
}
