import Dispatch
import JSONCodec
import JSONRPC
import LayoutSpecs
import NodeTree
import Typography

/// One table session's model: owns the `TableNode`, lays cells out on the layout workers and commits their results
/// in order. Its jobs are handled one at a time in arrival order (one stream, one loop); the calls among them are
/// ordered and performed by its `SessionScheduler`.
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
  /// What the session holds: a table, a collection or a pager (`ContainerKind`).
  let kind: ContainerKind
  /// The table model.
  var table: TableNode<LayoutElement>
  /// Collections and pagers inside the rows' cells, following their rows' interface states (`Session+Nested`).
  var nested = NestedContainers()
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
  /// Writes the per-row notifications being coalesced, at the end of each job (`NotificationCoalescer`).
  let flushNotifications: @Sendable () -> Void
  /// Internal change-set number of the initial empty reloadData (reported seqs are relative to it).
  let seqBase: Int
  /// Cells handed to layout jobs whose results have not come back yet (inserts, reloads and relayouts alike).
  var outstandingLayouts = 0
  /// True while a submitted change set or a relayout has not been accepted yet.
  var isBusy: Bool { table.isProcessingUpdates || outstandingLayouts > 0 }
  /// Feeds this session's ordered job stream.
  nonisolated let jobs: AsyncStream<SessionJob>.Continuation
  /// Where geometry queries overtake queued edits that wait for layout.
  nonisolated let lane: QueryLane

  /// A session `id` with one empty section, set up as `configuration` says with the limits `options` and the fonts
  /// of `registry`; `jobs` must be fed by the caller and drained by `run(_:)`.
  init(
    id: String, configuration: SessionConfiguration, options: ServerOptions, registry: FontRegistry,
    jobs: AsyncStream<SessionJob>.Continuation, notify: @escaping @Sendable (Message) -> Void,
    flushNotifications: @escaping @Sendable () -> Void = {}
  ) {
    let (width, height, scale) = (configuration.width, configuration.height, configuration.scale)
    self.id = id
    self.width = width
    self.height = height
    self.scale = scale
    kind = configuration.kind
    var table = TableNode<LayoutElement>(
      separatorHeight: configuration.separators ? 1 / scale : 0, style: configuration.style)
    if let flow = configuration.flowLayout {
      // A collection or a pager: items placed by the flow in the viewport, with its kind's tuning (§3.5).
      _ = table.setFlowPlacement(FlowPlacement(configuration: flow, bounds: FlowSize(width: width, height: height)))
      table.ranges.tuning = RangeTuningTable(defaultsFor: configuration.kind.rangeKind)
    }
    _ = try? table.reloadData([[]])
    seqBase = table.lastSubmittedSeq
    // A session's table is in a window from the start: ranges follow the viewport at offset 0.
    scrolling = ScrollingState(
      batchFetching: configuration.batchFetching, interfaceStates: configuration.interfaceStates)
    _ = table.setViewport(
      RangeViewport(bounds: Rect(x: 0, y: 0, width: width, height: height), containerState: [.visible, .display]))
    table.scrollAnchoring = configuration.scrollAnchoring
    table.inverted = configuration.inverted
    table.reportsChangeFrames = configuration.changeFrames
    // The empty content's visual offset: 0, or −height when inverted (the viewport's bottom at the content's).
    let shownY = configuration.inverted ? -height : 0
    scrolling.shown = (modelY: 0, visualY: shownY)
    _ = table.setAllowsSelection(configuration.allowsSelection)
    _ = table.setAllowsMultipleSelection(configuration.allowsMultipleSelection)
    // Entering the window checks batch fetching (texture.md §4.3): an empty table always fetches. Pushed before
    // the `session/create` answer.
    if configuration.batchFetching && table.checkBatchFetch(targetOffsetY: 0).shouldFetch {
      let size = Session.contentSizeJSON(of: table, viewportWidth: width, height: 0)
      let offset = JSONObject([("x", .double(0)), ("y", .double(shownY))])
      notify(
        .notification(
          method: "table/willBeginBatchFetch",
          params: .object(
            JSONObject([
              ("sessionId", .string(id)), ("contentSize", size), ("contentOffset", .object(offset)),
            ]))))
    }
    self.table = table
    var view = CommittedView(
      width: width, separator: table.separatorHeight, map: table.visibleMap, seq: 0, inverted: configuration.inverted)
    view.flow = table.committedFlow
    lane = QueryLane(sessionID: id, view: view)
    var environment = LayoutEnvironment.standard(scale: scale, registry: registry)
    environment.maxDepth = options.cellLimits.maxDepth
    engine = LayoutEngine(environment: environment)
    environment.sizesOnly = true
    measuringEngine = LayoutEngine(environment: environment)
    self.options = options
    cellDecoding = CellDecoding(
      limits: options.cellLimits, fonts: configuration.lenientFonts ? nil : FontCheck(registry: registry))
    self.jobs = jobs
    self.notify = notify
    self.flushNotifications = flushNotifications
  }

  /// Drains the job stream in order until dispose or close. Calls go to the scheduler, which orders and performs
  /// them; layout and display results and the batch-fetch check go to the model. After every job the scheduler
  /// publishes the committed view to the query lane (which answers the geometry queries that waited for the job);
  /// jobs that may change the committed rows withdraw it first.
  func run(_ stream: AsyncStream<SessionJob>) async {
    var scheduler = SessionScheduler()
    for await job in stream {
      ShortSlice.request()
      scheduler.beginJob()
      switch job {
      case .call(let call):
        MemoryTrimmer.shared.requestReceived()
        guard await scheduler.receive(call, in: self) else {
          flushNotifications()
          continue
        }
      case .batchFetchCheck(let empty):
        checkBatchFetchAfterCommit(empty: empty)
      case .displayResult(let id, let pass, let list, let failure):
        acceptDisplay(id, pass: pass, list: list, failure: failure)
      case .layoutResults(let results, let widthChange):
        lane.withdraw()
        receive(results, widthChange: widthChange)
        scheduler.answerWaitersIfIdle(in: self)
        MemoryTrimmer.shared.laidOut(results.count)
      case .requestCancelled:
        scheduler.answerWaitersIfIdle(in: self)
      case .dispose(let reply):
        await scheduler.dispose(answering: reply, in: self)
        flushNotifications()
        return
      case .close(let done):
        scheduler.close(in: self)
        flushNotifications()
        done.resume()
        return
      }
      scheduler.endJob(in: self)
      flushNotifications()
      if !isBusy { MemoryTrimmer.shared.sessionIdle() }
      // One busy session must not hold a pool thread while other sessions and the delivery loop wait.
      await Task.yield()
    }
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
    let range = cellRange
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
        let message = "session \"\(id)\": \(cellDescription(result.id)) failed to lay out: \(failure)"
        ServerLog.write(.warning, message)
        notify(Notifications.logMessage(type: 1, message))
      }
      do throws(NodeTreeError) {
        let acceptance = try table.acceptLayout(
          id: result.id, generation: result.generation, height: result.height, width: result.width)
        if acceptance.isCurrent { contentChanged(result.id) }
        publish(acceptance.heightChanges)
        publish(acceptance.supplementaryHeightChanges)
        // With commits, the offset as seen follows each commit's content height (the last one's is the table's).
        if acceptance.offsetAdjustment != nil || acceptance.commits.isEmpty {
          // The content height matters only to an inverted table's offset as seen: not computed per result
          // otherwise (reading it copied the whole table, for every row of a large insert).
          publish(acceptance.offsetAdjustment, contentHeight: inverted ? table.contentHeight : 0)
        }
        publish(acceptance.interfaceEvents)
        publish(acceptance.commits)
        if acceptance.isCurrent { acceptNested(result) }
      } catch {
        notify(Notifications.logMessage(type: 1, "session \"\(id)\": \(error.message)"))
      }
    }
  }

  /// Pushes `table/didCommit` (with the change frames when the session reports them) for each commit with the
  /// anchoring and interface-state notifications that followed it, then runs the after-commit batch-fetch check.
  func publish(_ commits: [Commit]) {
    for commit in commits {
      var members: [(String, JSONValue)] = [
        ("sessionId", .string(id)), ("seq", .int(seq(commit.changeSet.seq))),
        ("contentSize", Session.contentSizeJSON(of: table, viewportWidth: width, height: commit.contentHeight)),
      ]
      if !commit.changeSet.insertedRows.isEmpty {
        members.append(("insertedRowIds", .array(commit.changeSet.insertedRows.map { .string($0.rawValue) })))
      }
      if !commit.changeSet.deletedRows.isEmpty {
        members.append(("deletedRowIds", .array(commit.changeSet.deletedRows.map { .string($0.rawValue) })))
      }
      if table.reportsChangeFrames {
        members.append(("changeFrames", .array(commit.changeFrames.map(changeFrameJSON))))
      }
      notify(.notification(method: "table/didCommit", params: .object(JSONObject(members))))
      publish(commit.selectionChange, seq: seq(commit.changeSet.seq))
      publish(commit.offsetAdjustment, contentHeight: commit.contentHeight)
      publish(commit.releasedNodes)
      publish(commit.interfaceEvents)
      removeNested(deleted: commit.changeSet.deletedRows, inserted: commit.changeSet.insertedRows)
    }
    if !commits.isEmpty && scrolling.batchFetching {
      jobs.yield(.batchFetchCheck(empty: commits.allSatisfy { $0.changeSet.isEmpty }))
    }
  }
}
